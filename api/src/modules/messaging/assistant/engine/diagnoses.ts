import { type Found } from './types';
import { type Span } from './text';

const CODE = /\b([A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?)\b/g;

type Phrase = readonly [pattern: RegExp, code: string];

/** Common names and abbreviations of diagnoses, each mapped to a code of the home-health table; longest first. */
const PHRASES: readonly Phrase[] = [
  [/diabetic (?:foot )?ulcer/, 'E11.621'],
  [
    /dysphagia (?:following|after|due to|s\/p) (?:a |his |her )?(?:stroke|CVA)|post[- ]stroke dysphagia/,
    'I69.391',
  ],
  [/aphasia (?:following|after|due to|s\/p) (?:a |his |her )?(?:stroke|CVA)/, 'I69.320'],
  [/(?:stroke|CVA) (?:with|w\/) (?:R|right|rt) hemi\w*/, 'I69.351'],
  [/(?:stroke|CVA) (?:with|w\/) (?:L|left|lt) hemi\w*/, 'I69.354'],
  [/COPD exacerbation|exacerbation of COPD/, 'J44.1'],
  [/aspiration pneumonia/, 'J69.0'],
  [/(?:history|hx|h\/o)(?: of)? falls?|fall risk/, 'Z91.81'],
  [/muscle weakness/, 'M62.81'],
  [/post[- ]?op(?:erative)? wound|surgical wound/, 'Z48.01'],
  [/low back pain/, 'M54.50'],
  [/(?:lumbar|spinal) stenosis/, 'M48.061'],
  [/type (?:1|I) diabetes|\bDM\s?(?:1|I)\b|\bT1DM\b/, 'E10.9'],
  [
    /type (?:2|II) diabetes(?: mellitus)?|\bDM\s?(?:2|II)\b|\bT2DM\b|\bdiabetes(?: mellitus)?|\bdiabetic\b/,
    'E11.9',
  ],
  [/\bCHF\b|congestive heart failure|heart failure/, 'I50.9'],
  [/\bCOPD\b|chronic obstructive pulmonary disease/, 'J44.9'],
  [/\bHTN\b|hypertension/, 'I10'],
  [/\bCVA\b|\bstroke\b/, 'I63.9'],
  [/\bdysphagia\b/, 'R13.10'],
  [/\bUTI\b|urinary tract infection/, 'N39.0'],
  [/pneumonia/, 'J18.9'],
  [/\bfalls\b|recurrent falls|frequent falls/, 'R29.6'],
  [/generalized weakness|\bweakness\b/, 'R53.1'],
  [/\bdementia\b/, 'F03.90'],
  [/alzheimer'?s?/, 'G30.9'],
  [/parkinson'?s?/, 'G20.A1'],
  [/\bsepsis\b/, 'A41.9'],
  [/\bA-?fib\b|atrial fibrillation/, 'I48.91'],
  [/coumadin|warfarin|eliquis|apixaban|xarelto|rivaroxaban|anticoagula\w*/, 'Z79.01'],
  [/\binsulin\b/, 'Z79.4'],
  [/\bO2\b|supplemental oxygen|home oxygen|on oxygen/, 'Z99.81'],
  [/lymphedema/, 'I89.0'],
  [/hyponatremia/, 'E87.1'],
  [/hypokalemia/, 'E87.6'],
  [/dehydration/, 'E86.0'],
  [/rheumatoid arthritis/, 'M06.9'],
  [/osteoarthritis|\bOA\b/, 'M19.90'],
  [/depression/, 'F32.A'],
  [/anxiety/, 'F41.9'],
  [/\bESRD\b|end[- ]stage renal/, 'N18.6'],
  [/\bCKD (?:stage )?(?:4|IV)\b/, 'N18.4'],
  [/\bCKD (?:stage )?(?:3|III)\b/, 'N18.30'],
  [/(?:help|assist(?:ance)?) with (?:bathing|personal care|ADLs?)/, 'Z74.1'],
  [/anemia/, 'D64.9'],
  [/hyperlipidemia|\bHLD\b/, 'E78.5'],
  [/\bGERD\b/, 'K21.9'],
  [/hypothyroid\w*/, 'E03.9'],
  [/\bCAD\b|coronary artery disease/, 'I25.10'],
  [/\bPVD\b|peripheral vascular disease/, 'I73.9'],
  [/\bDVT\b/, 'I82.409'],
  [/\bNSTEMI\b/, 'I21.4'],
  [/pacemaker/, 'Z95.0'],
  [/\bCABG\b/, 'Z95.1'],
  [/colostomy/, 'Z93.3'],
  [/\bG-?tube\b|gastrostomy|\bPEG tube\b/, 'Z93.1'],
  [/tracheostomy|\btrach\b/, 'Z93.0'],
  [/\bCOVID(?:-19)?\b/, 'U07.1'],
  [/failure to thrive/, 'R62.7'],
  [/malnutrition/, 'E46'],
  [/shortness of breath|\bSOB\b/, 'R06.02'],
  [/debility|deconditioning/, 'R54'],
  [/gait abnormality|abnormal gait|unsteady gait/, 'R26.89'],
  [/difficulty walking/, 'R26.2'],
  [/altered mental status/, 'R41.82'],
  [/incontinence/, 'R32'],
  [/chronic pain/, 'G89.29'],
  [/asthma/, 'J45.909'],
  [/sleep apnea|\bOSA\b/, 'G47.33'],
  [/neuropathy/, 'G62.9'],
  [/seizures?|epilepsy/, 'G40.909'],
];

/** Joint replacements and hip fractures, whose code depends on the side written near them. */
const SIDED: readonly (readonly [pattern: RegExp, right: string, left: string, unsided?: string])[] = [
  [
    /total knee replacement|knee replacement|knee arthroplasty|\bTKA\b|\bTKR\b/,
    'Z96.651',
    'Z96.652',
    'Z47.1',
  ],
  [/total hip replacement|hip replacement|hip arthroplasty|\bTHA\b|\bTHR\b/, 'Z96.641', 'Z96.642', 'Z47.1'],
  [/hip fracture|femoral neck fracture|fx (?:of )?(?:the )?hip/, 'S72.001D', 'S72.002D'],
  [/cellulitis/, 'L03.115', 'L03.116'],
  [/(?<!diabetic )foot ulcer/, 'L97.519', 'L97.529'],
];

function sideNear(text: string, span: Span): 'right' | 'left' | undefined {
  const before = text.slice(Math.max(0, span.start - 12), span.start);
  const after = text.slice(span.end, span.end + 22);
  const side = (s: string) =>
    /\b(?:R|right|rt)\b/i.test(s) ? 'right' : /\b(?:L|left|lt)\b/i.test(s) ? 'left' : undefined;
  return side(before.split(/[,.;\n]/).pop() ?? '') ?? side(after.split(/[.;\n]/)[0] ?? '');
}

/** The clause around a position: between commas, semicolons, line ends or sentence ends. */
function clauseAround(text: string, position: number): Span {
  const before = text.slice(0, position);
  const starts = [
    before.lastIndexOf(','),
    before.lastIndexOf(';'),
    before.lastIndexOf('\n'),
    before.lastIndexOf('. '),
  ];
  const after = text.slice(position).search(/[,;\n]|\.(?:\s|$)/);
  return { start: Math.max(...starts) + 1, end: after === -1 ? text.length : position + after };
}

const ULCER = /pressure (?:ulcer|injury|wound)|decubitus(?: ulcer)?|bed ?sore/gi;

/** A pressure ulcer's code from its site, side and stage written around it, when the table has that code. */
function pressureUlcerCode(text: string, span: Span, known: ReadonlySet<string>): string | undefined {
  const around = text
    .slice(Math.max(0, span.start - 25), span.end + 25)
    .split(/[;\n]/)
    .join(' ');
  const stageWritten = /stage\s*(\d|I{1,3}V?|IV)\b/i.exec(around)?.[1]?.toUpperCase();
  const stage = stageWritten ? ({ I: '1', II: '2', III: '3', IV: '4' }[stageWritten] ?? stageWritten) : '9';
  const side = sideNear(text, span) ?? sideNear(text, { start: span.start - 6, end: span.start - 5 });
  let code: string | undefined;
  if (/sacr|coccyx/i.test(around)) code = `L89.15${stage}`;
  else if (/heel/i.test(around) && side) code = `L89.6${side === 'right' ? 1 : 2}${stage}`;
  else if (/buttock/i.test(around)) code = `L89.30${stage}`;
  return code && known.has(code) ? code : undefined;
}

const withFlags = (pattern: RegExp) => new RegExp(pattern.source, 'gi');

/**
 * Diagnosis codes in order of mention: explicit ICD-10 codes of the table, then names mapped to codes. In a clause
 * that already carries an explicit code ("I50.22 Chronic systolic heart failure"), names are its description and
 * are not read again.
 */
export function findDiagnoses(text: string, table: readonly (readonly [string, string])[]): Found[] {
  const known = new Set(table.map(([code]) => code.toUpperCase()));
  const found: Found[] = [];
  const codedClauses: Span[] = [];
  for (const m of text.matchAll(CODE)) {
    const code = m[1]!.toUpperCase();
    if (!known.has(code)) continue;
    found.push({ value: code, start: m.index, end: m.index + m[0].length, confidence: 0.98 });
    codedClauses.push(clauseAround(text, m.index));
  }
  const taken: Span[] = [];
  const free = (span: Span) =>
    !codedClauses.some((l) => span.start >= l.start && span.start < l.end) &&
    !taken.some((t) => span.start < t.end && span.end > t.start);
  const add = (code: string | undefined, span: Span, confidenceOf: number) => {
    taken.push(span);
    if (code && known.has(code)) found.push({ value: code, ...span, confidence: confidenceOf });
  };
  for (const [pattern, right, left, unsided] of SIDED) {
    for (const m of text.matchAll(withFlags(pattern))) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (!free(span)) continue;
      const side = sideNear(text, span);
      add(side === 'right' ? right : side === 'left' ? left : unsided, span, side ? 0.85 : 0.7);
    }
  }
  for (const m of text.matchAll(ULCER)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (free(span)) add(pressureUlcerCode(text, span, known), span, 0.8);
  }
  for (const [pattern, code] of PHRASES) {
    for (const m of text.matchAll(withFlags(pattern))) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (free(span)) add(code, span, 0.85);
    }
  }
  const firsts = new Map<string, Found>();
  for (const item of found.sort((a, b) => a.start - b.start))
    if (!firsts.has(item.value)) firsts.set(item.value, item);
  return [...firsts.values()];
}
