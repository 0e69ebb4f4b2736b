// The print-all PDF made with jspdf itself: each note's header, values by kind, signature; progress; cancel.
import dayjs from 'dayjs';
import { definition, printable } from './print-fixtures';
import { buildNotesPdf, fieldLines, notesPdfFileName, signatureLine } from './notes-pdf';

/** Each yield the build makes, recorded beside its progress reports (the real yield still runs). */
const yields: { record?: () => void } = {};
jest.mock('./yield-to-event-loop', () => {
  const actual = jest.requireActual('./yield-to-event-loop');
  return {
    yieldToEventLoop: () => {
      yields.record?.();
      return actual.yieldToEventLoop();
    },
  };
});

/** The PDF's bytes as latin-1 text (jsdom's Blob read through FileReader). */
function pdfText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('latin1'));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
/** The strings drawn ("(text) Tj"), unescaped. */
const drawn = (pdf: string) =>
  [...pdf.matchAll(/\((.*?)\) Tj/g)].map((m) => m[1]!.replace(/\\([()\\])/g, '$1'));

const fields = definition.sections.flatMap((section) => section.fields);
const field = (id: string) => fields.find((f) => f.id === id)!;
const values = printable(1, 'Doe, Jane').note.values;

describe('fieldLines', () => {
  it('formats each kind of value', () => {
    expect(fieldLines(field('reason'), values.reason)).toEqual(['Start of care']);
    expect(fieldLines(field('homebound'), ['Y', 'N'])).toEqual(['Yes, No']);
    expect(fieldLines(field('visitDate'), '2030-06-01')).toEqual(['6/1/2030']);
    expect(fieldLines(field('arrived'), '14:05')).toEqual(['2:05 PM']);
    expect(fieldLines(field('weightLoss'), 4)).toEqual(['4 lb']);
    expect(fieldLines(field('summary'), 'a\nb')).toEqual(['a', 'b']);
    expect(fieldLines(field('meds'), values.meds)).toEqual([
      '1. Medication: Metformin 500 mg; Status: New',
      '2. Medication: Lisinopril 10 mg; Status: Long Standing',
    ]);
    expect(fieldLines(field('vitals'), values.vitals)).toEqual([
      'Temperature: 98.6 °F (Oral)',
      'Pulse: 72 bpm',
    ]);
    expect(fieldLines(field('braden'), values.braden)).toEqual(['14 — Moderate risk']);
    expect(fieldLines(field('goals'), values.goals)).toEqual([
      '• Patient will be free from falls throughout certification period.',
    ]);
    expect(fieldLines(field('diagnoses'), values.diagnoses)).toEqual(['Primary: E11.9', 'Other: I10']);
    expect(fieldLines(field('summary'), '')).toEqual([]);
    expect(fieldLines(field('meds'), [])).toEqual([]);
    expect(fieldLines(field('braden'), { total: null, level: null })).toEqual([]);
  });

  it('ends a note with its signature', () => {
    const note = printable(2, 'Doe, Jane', 'Casey Rivera');
    expect(signatureLine(note)).toBe(
      `Signed by Casey Rivera on ${dayjs('2030-06-02T11:00:00.000Z').format('M/D/YYYY h:mm A')}`,
    );
    expect(signatureLine({ ...note, note: { ...note.note, values: {} } })).toBe('Signed by Casey Rivera');
    expect(signatureLine({ ...note, note: { ...note.note, values: {} }, signedBy: null })).toBe('Not signed');
  });

  it('names the file after the patient and the dates', () => {
    expect(notesPdfFileName('Doe, Jane', '2030-01-01', '2030-03-01')).toBe(
      'notes-doe-jane-2030-01-01-2030-03-01.pdf',
    );
  });
});

describe('buildNotesPdf', () => {
  it('makes one PDF of 3 notes with each patient, the values, the signatures and page footers', async () => {
    const notes = [printable(1, 'Doe, Jane'), printable(2, 'Roe, Richard'), printable(3, 'Poe, Edgar')];
    const progress: [number, number][] = [];
    const blob = await buildNotesPdf(notes, {
      compress: false,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(blob.type).toBe('application/pdf');
    const pdf = await pdfText(blob);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const text = drawn(pdf);
    for (const name of ['Doe, Jane', 'Roe, Richard', 'Poe, Edgar']) expect(text).toContain(name);
    expect(text.filter((t) => t.startsWith('Signed by Nurse ')).length).toBe(3);
    expect(text).toContain(
      `Signed by Nurse 2 on ${dayjs('2030-06-02T11:00:00.000Z').format('M/D/YYYY h:mm A')}`,
    );
    expect(text).toContain('Reason for assessment: Start of care');
    // Time in on the visit's clock with its zone named: the PDF is read anywhere.
    expect(text.some((line) => line.includes('Time in 6/1/2030 4:02 AM CDT'))).toBe(true);
    expect(text).toContain('Visit 6/1/2030 · Start of care · RN Start of Care');
    expect(text).toContain('Clinician: Rivera, Casey (RN) · Sunrise Home Health');
    // A field hidden by its condition is left out.
    expect(text.some((t) => t.includes('Left over'))).toBe(false);
    const pages = text.filter((t) => /^Page \d+ of \d+$/.test(t));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toBe(`Page 1 of ${pages.length}`);
    expect(pages.at(-1)).toBe(`Page ${pages.length} of ${pages.length}`);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('breaks long notes over pages, each with the note header', async () => {
    const long = printable(1, 'Doe, Jane');
    long.note.values.summary = Array.from({ length: 400 }, (_, i) => `Observation line ${i + 1}.`).join(' ');
    long.note.values.meds = Array.from({ length: 60 }, (_, i) => ({
      name: `Medication ${i + 1}`,
      status: 'New',
    }));
    const pdf = await pdfText(await buildNotesPdf([long], { compress: false }));
    const text = drawn(pdf);
    const pageCount = text.filter((t) => /^Page \d+ of \d+$/.test(t)).length;
    expect(pageCount).toBeGreaterThan(2);
    expect(text.filter((t) => t === 'Doe, Jane').length).toBe(pageCount);
    expect(text).toContain('60. Medication: Medication 60; Status: New');
  });

  it('stops when cancelled, with an AbortError, and reports no more progress', async () => {
    const notes = Array.from({ length: 20 }, (_, i) => printable((i % 9) + 1, `Patient ${i}`));
    const controller = new AbortController();
    const progress: number[] = [];
    const build = buildNotesPdf(notes, {
      signal: controller.signal,
      onProgress: (done) => {
        progress.push(done);
        if (done === 2) controller.abort();
      },
    });
    await expect(build).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([1, 2]);
  });

  it('yields to the event loop between notes', async () => {
    const notes = Array.from({ length: 5 }, (_, i) => printable(i + 1, `Patient ${i}`));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const seen: number[] = [];
    await buildNotesPdf(notes, { onProgress: () => seen.push(ticks) });
    clearInterval(timer);
    // Timers ran while the PDF was being built: the work did not hold the thread from start to end.
    expect(seen.at(-1)!).toBeGreaterThan(seen[0]!);
  });
});

describe('buildNotesPdf at 200 notes', () => {
  // The time budget (200 notes, no long task) is measured by bench/notes-frontend.mjs; here: the thread is given
  // back after every note, however long the list.
  it('gives the thread back after every note and reports each note once', async () => {
    const notes = Array.from({ length: 200 }, (_, i) => printable((i % 9) + 1, `Patient ${i}`));
    const events: string[] = [];
    yields.record = () => events.push('yield');
    try {
      await buildNotesPdf(notes, { onProgress: (done) => events.push(`note ${done}`) });
    } finally {
      delete yields.record;
    }
    const noteEvents = events.slice(0, 400);
    expect(noteEvents).toEqual(notes.flatMap((_, i) => [`note ${i + 1}`, 'yield']));
  });
});
