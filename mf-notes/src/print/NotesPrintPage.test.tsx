import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import * as notesPdf from './notes-pdf';
import NotesPrintPage from './NotesPrintPage';
import { printable } from './print-fixtures';

jest.mock('./notes-pdf', () => {
  const actual = jest.requireActual<typeof notesPdf>('./notes-pdf');
  return { ...actual, buildNotesPdf: jest.fn(actual.buildNotesPdf) };
});
const buildNotesPdf = notesPdf.buildNotesPdf as jest.MockedFunction<typeof notesPdf.buildNotesPdf>;

jest.setTimeout(90_000);

const notes = [printable(1, 'Doe, Jane'), printable(2, 'Doe, Jane'), printable(3, 'Doe, Jane')];
const URL_OF_PDF = 'blob:http://localhost/notes-pdf';

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => URL_OF_PDF), revokeObjectURL: jest.fn() });
});

function open(url: string, answer: () => Response | Promise<Response> = () => jsonResponse({ rows: notes })) {
  return renderPage(<NotesPrintPage />, {
    url,
    roleId: 5,
    route: (call) => {
      if (call.url.pathname === '/api/notes/notesListForPrint') return answer();
      if (call.url.pathname === '/api/admin/patients')
        return jsonResponse({
          rows: [],
          paging: { pageNumber: 1, pageSize: 20, pageCount: 0, totalCount: 0 },
        });
      if (call.url.pathname.startsWith('/api/admin/patients/')) return apiError(404, 'Not found');
      return undefined;
    },
  });
}

const printCalls = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/notes/notesListForPrint');

describe('NotesPrintPage', () => {
  it('asks for a service request or a patient first', async () => {
    const page = open('/notesPrint');
    expect(await screen.findByRole('heading', { level: 1, name: 'Print notes' })).toBeTruthy();
    expect(screen.getByText('Choose a service request or a patient')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print all notes' })).toBeNull();
    page.done();
  });

  it('prints every approved note of the patient in the range into one PDF offered for download', async () => {
    const page = open('/notesPrint?patientId=9&startDate=2030-01-01&endDate=2030-06-30');
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    const download = await screen.findByRole('link', {
      name: 'Download notes-doe-jane-2030-01-01-2030-06-30.pdf',
    });
    expect(download.getAttribute('href')).toBe(URL_OF_PDF);
    expect(download.getAttribute('download')).toBe('notes-doe-jane-2030-01-01-2030-06-30.pdf');
    expect(screen.getByRole('status').textContent).toBe('3 of 3 notes — the PDF is ready.');
    const params = printCalls(page)[0]!.url.searchParams;
    expect(params.get('patientId')).toBe('9');
    expect(params.get('episodeId')).toBeNull();
    expect(params.get('startDate')).toBe('2030-01-01');
    expect(params.get('endDate')).toBe('2030-06-30');
    expect(buildNotesPdf).toHaveBeenCalledTimes(1);
    expect(buildNotesPdf.mock.calls[0]![0].map((n) => n.visit.visitId)).toEqual([101, 102, 103]);
    expect(page.navigations).toEqual([]);
    page.done();
  });

  it('defaults to the last 60 days and prints a service request', async () => {
    const page = open('/notesPrint?episodeId=42');
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    await screen.findByRole('link', { name: /^Download notes-doe-jane-/ });
    const params = printCalls(page)[0]!.url.searchParams;
    expect(params.get('episodeId')).toBe('42');
    expect(params.get('startDate')).toBe(dayjs().subtract(60, 'day').format('YYYY-MM-DD'));
    expect(params.get('endDate')).toBe(dayjs().format('YYYY-MM-DD'));
    page.done();
  });

  it('shows the progress note by note, "n of N notes", and a Cancel button that stops it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    buildNotesPdf.mockImplementationOnce(async (rows, options) => {
      options?.onProgress?.(1, rows.length);
      await gate;
      if (options?.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
      return new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    });
    const page = open('/notesPrint?patientId=9&startDate=2030-01-01&endDate=2030-06-30');
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 of 3 notes'));
    const bar = screen.getByRole('progressbar', { name: 'Notes printed' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 3 notes');
    expect(screen.getByRole('button', { name: 'Print all notes' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status').textContent).toBe('Printing was cancelled.');
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Print all notes' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    page.done();
  });

  it('shows the server text when the range holds more notes than one print may', async () => {
    const text = 'At most 500 notes can be printed at once. Choose an earlier end date.';
    const page = open('/notesPrint?patientId=9', () => apiError(400, text));
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(buildNotesPdf).not.toHaveBeenCalled();
    page.done();
  });

  it('checks every note of the answer and prints nothing when one is not a printable note', async () => {
    const broken = { ...printable(2, 'Doe, Jane'), note: null };
    const page = open('/notesPrint?patientId=9', () => jsonResponse({ rows: [notes[0], broken, notes[2]] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sorry, the notes could not be printed.',
    );
    expect(buildNotesPdf).not.toHaveBeenCalled();
    page.done();
  });

  it('says when there is nothing to print', async () => {
    const page = open('/notesPrint?patientId=9', () => jsonResponse({ rows: [] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('There are no approved notes in this range.'),
    );
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
    page.done();
  });

  it('has no serious or critical axe violations, before and after a print', async () => {
    const page = open('/notesPrint?patientId=9&startDate=2030-01-01&endDate=2030-06-30');
    const check = async () => {
      const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    };
    await check();
    fireEvent.click(await screen.findByRole('button', { name: 'Print all notes' }));
    await screen.findByRole('link', { name: /^Download/ });
    await check();
    page.done();
  });

  it('a new service request number goes to the URL', async () => {
    const page = open('/notesPrint?patientId=9');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Service request number' }), {
      target: { value: '42' },
    });
    await waitFor(() => expect(new URLSearchParams(location.search).get('episodeId')).toBe('42'));
    expect(screen.getByText(/service request #42/)).toBeTruthy();
    page.done();
  });
});

afterEach(() => buildNotesPdf.mockClear());
