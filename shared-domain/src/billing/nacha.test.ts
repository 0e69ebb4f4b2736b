import {
  accountNumberProblem,
  buildNachaFile,
  isValidRoutingNumber,
  maskAccountNumber,
  routingCheckDigit,
  validateNachaFile,
  type NachaCredit,
  type NachaFileInput,
} from './nacha';

const originator = {
  odfiRoutingNumber: '021000021',
  odfiName: 'JPMorgan Chase',
  immediateOrigin: '1123456789',
  immediateOriginName: 'Carelane Inc',
  companyName: 'Carelane',
  companyIdentification: '1123456789',
  companyEntryDescription: 'Payroll',
};

const credits: NachaCredit[] = [
  {
    routingNumber: '011000015',
    accountNumber: '123456789',
    accountType: 'checking',
    amountCents: 125_000,
    individualId: 'PAY-0001',
    individualName: 'Ada Lovelace',
  },
  {
    routingNumber: '122105278',
    accountNumber: '000987654321',
    accountType: 'savings',
    amountCents: 98_765,
    individualId: 'PAY-0002',
    individualName: 'José  Muñoz',
  },
  {
    routingNumber: '026009593',
    accountNumber: '55501234',
    accountType: 'checking',
    amountCents: 1,
    individualId: 'pay-0003',
    individualName: 'Maximiliana Throckmorton-Featherstonehaugh',
  },
];

const input = (overrides: Partial<NachaFileInput> = {}): NachaFileInput => ({
  originator,
  createdAt: new Date(Date.UTC(2026, 2, 5, 14, 7, 59)),
  effectiveEntryDate: '2026-03-06',
  fileIdModifier: 'A',
  entries: credits,
  ...overrides,
});

const PADDING = '9'.repeat(94);

/** The file of the three credits above, written out by hand. */
const GOOD_LINES = [
  '101 02100002111234567892603051407A094101JPMORGAN CHASE         CARELANE INC                   ',
  '5220CARELANE                            1123456789PPDPAYROLL         260306   1021000020000001',
  '622011000015123456789        0000125000PAY-0001       ADA LOVELACE            0021000020000001',
  '632122105278000987654321     0000098765PAY-0002       JOSE MUNOZ              0021000020000002',
  '62202600959355501234         0000000001PAY-0003       MAXIMILIANA THROCKMORT  0021000020000003',
  '822000000300159114870000000000000000002237661123456789                         021000020000001',
  '9000001000001000000030015911487000000000000000000223766                                       ',
  PADDING,
  PADDING,
  PADDING,
];
const GOOD_FILE = `${GOOD_LINES.join('\n')}\n`;

/** Alphanumeric field: left-justified, space-padded. */
const an = (text: string, width: number) => {
  if (text.length > width) throw new Error(`test helper: ${text} is wider than ${width}`);
  return text.padEnd(width, ' ');
};
/** Numeric field: right-justified, zero-padded. */
const n = (digits: string | number, width: number) => {
  const text = String(digits);
  if (text.length > width) throw new Error(`test helper: ${text} is wider than ${width}`);
  return text.padStart(width, '0');
};
const record = (...fields: string[]) => {
  const text = fields.join('');
  if (text.length !== 94) throw new Error(`test helper: record is ${text.length} characters`);
  return text;
};

/** The file with `text` written over line `line` (1-based) from column `column` (1-based). */
const overwrite = (lines: readonly string[], line: number, column: number, text: string): string[] =>
  lines.map((l, i) =>
    i === line - 1 ? l.slice(0, column - 1) + text + l.slice(column - 1 + text.length) : l,
  );
const fileOf = (lines: readonly string[]) => `${lines.join('\n')}\n`;

const problemsOf = (text: string) => {
  const result = validateNachaFile(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.problems;
};

describe('routing numbers', () => {
  it.each(['021000021', '011000015', '122105278', '026009593', '011401533', '091000019'])(
    'accepts the real routing number %s',
    (routing) => {
      expect(isValidRoutingNumber(routing)).toBe(true);
      expect(routingCheckDigit(routing.slice(0, 8))).toBe(routing[8]);
    },
  );

  it.each(['021000022', '011000016', '02100002', '0210000211', '02100002a', ' 21000021', ''])(
    'refuses %j',
    (routing) => {
      expect(isValidRoutingNumber(routing)).toBe(false);
    },
  );

  it('computes the check digit from the 3-7-1 weights', () => {
    expect(routingCheckDigit('02100002')).toBe('1');
    expect(routingCheckDigit('12210527')).toBe('8');
    expect(routingCheckDigit('00000000')).toBe('0');
    expect(routingCheckDigit('10000000')).toBe('7');
  });

  it('refuses anything but 8 digits', () => {
    expect(() => routingCheckDigit('0210000')).toThrow('expected 8 digits');
    expect(() => routingCheckDigit('0210000a')).toThrow('expected 8 digits');
  });
});

describe('accountNumberProblem', () => {
  it.each(['1', '123456789', '12345678901234567', '000987654321'])('accepts %s', (account) => {
    expect(accountNumberProblem(account)).toBeNull();
  });

  it.each([
    ['12-3456', 'must be 1 to 17 digits (no letters, spaces or other characters)'],
    ['1234 5678', 'must be 1 to 17 digits (no letters, spaces or other characters)'],
    ['ABC12345', 'must be 1 to 17 digits (no letters, spaces or other characters)'],
    ['', 'is empty: must be 1 to 17 digits'],
    ['123456789012345678', 'is 18 digits: must be 1 to 17 digits'],
    ['0000', 'must not be all zeros'],
  ])('refuses %j', (account, message) => {
    expect(accountNumberProblem(account)).toBe(message);
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last 4 characters', () => {
    expect(maskAccountNumber('123456789')).toBe('****6789');
    expect(maskAccountNumber('12345678901234567')).toBe('****4567');
    expect(maskAccountNumber('12345')).toBe('****2345');
  });

  it('masks 4 characters or fewer completely', () => {
    expect(maskAccountNumber('1234')).toBe('****');
    expect(maskAccountNumber('12')).toBe('****');
    expect(maskAccountNumber('')).toBe('****');
  });
});

describe('buildNachaFile', () => {
  it('writes the file of three credits record for record', () => {
    expect(buildNachaFile(input())).toBe(GOOD_FILE);
  });

  it('writes each entry detail and the controls field by field', () => {
    const lines = buildNachaFile(input()).split('\n');
    expect(lines[2]).toBe(
      record(
        '6',
        '22',
        '01100001',
        '5',
        an('123456789', 17),
        n(125000, 10),
        an('PAY-0001', 15),
        an('ADA LOVELACE', 22),
        '  ',
        '0',
        '02100002' + n(1, 7),
      ),
    );
    expect(lines[3]).toBe(
      record(
        '6',
        '32', // savings credit
        '12210527',
        '8',
        an('000987654321', 17),
        n(98765, 10),
        an('PAY-0002', 15),
        an('JOSE MUNOZ', 22),
        '  ',
        '0',
        '02100002' + n(2, 7),
      ),
    );
    expect(lines[4]).toBe(
      record(
        '6',
        '22',
        '02600959',
        '3',
        an('55501234', 17),
        n(1, 10),
        an('PAY-0003', 15),
        'MAXIMILIANA THROCKMORT', // cut to 22
        '  ',
        '0',
        '02100002' + n(3, 7),
      ),
    );
    // 01100001 + 12210527 + 02600959 = 15911487; 125000 + 98765 + 1 = 223766
    expect(lines[5]).toBe(
      record(
        '8',
        '220',
        n(3, 6),
        n('15911487', 10),
        n(0, 12),
        n(223766, 12),
        '1123456789',
        an('', 19),
        an('', 6),
        '02100002',
        n(1, 7),
      ),
    );
    expect(lines[6]).toBe(
      record('9', n(1, 6), n(1, 6), n(3, 8), n('15911487', 10), n(0, 12), n(223766, 12), an('', 39)),
    );
  });

  it('writes the file header and batch header', () => {
    const [fileHeader, batchHeader] = buildNachaFile(input()).split('\n');
    expect(fileHeader).toBe(
      record(
        '1',
        '01',
        ' 021000021',
        '1123456789',
        '260305',
        '1407',
        'A',
        '094',
        '10',
        '1',
        an('JPMORGAN CHASE', 23),
        an('CARELANE INC', 23),
        an('', 8),
      ),
    );
    expect(batchHeader).toBe(
      record(
        '5',
        '220',
        an('CARELANE', 16),
        an('', 20),
        '1123456789',
        'PPD',
        an('PAYROLL', 10),
        an('', 6),
        '260306',
        an('', 3),
        '1',
        '02100002',
        n(1, 7),
      ),
    );
  });

  it('dates the file by the UTC date and time of createdAt', () => {
    const lines = buildNachaFile(
      input({ createdAt: new Date('2026-03-05T23:59:00-05:00'), fileIdModifier: 'b' }),
    ).split('\n');
    expect(lines[0]!.slice(23, 34)).toBe('2603060459B');
  });

  it.each([
    [1, 5, 10],
    [6, 10, 10],
    [7, 11, 20],
    [16, 20, 20],
  ])('pads %i entries (%i records) to %i records of 94 characters', (count, records, total) => {
    const entries = Array.from({ length: count }, (_, i) => ({ ...credits[0]!, individualId: `P${i}` }));
    const text = buildNachaFile(input({ entries }));
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(total);
    expect(lines.every((line) => line.length === 94)).toBe(true);
    expect(lines.slice(records)).toEqual(Array(total - records).fill(PADDING));
    expect(lines[records - 1]!.slice(0, 1)).toBe('9');
    expect(lines[records - 1]!.slice(7, 13)).toBe(n(total / 10, 6)); // block count
  });

  it.each([
    [{ accountNumber: '12A456' }, 'entries[1].accountNumber: must be 1 to 17 digits'],
    [{ accountNumber: '123-456' }, 'entries[1].accountNumber: must be 1 to 17 digits'],
    [{ accountNumber: '' }, 'entries[1].accountNumber: is empty'],
    [{ routingNumber: '021000022' }, 'entries[1].routingNumber: 021000022 fails the ABA check digit'],
    [{ routingNumber: '2100002' }, 'entries[1].routingNumber: must be 9 digits'],
    [{ amountCents: 0 }, 'entries[1].amountCents: must be more than zero'],
    [{ amountCents: -500 }, 'entries[1].amountCents: must be more than zero'],
    [{ amountCents: 12.5 }, 'entries[1].amountCents: must be a whole number of cents'],
    [{ amountCents: Number.NaN }, 'entries[1].amountCents: must be a whole number of cents'],
    [{ amountCents: 10_000_000_000 }, 'entries[1].amountCents: must be at most 9999999999 cents'],
    [{ individualId: 'PAYMENT-REF-00001' }, 'entries[1].individualId: is 17 characters: at most 15'],
    [{ individualName: '   ' }, 'entries[1].individualName: must not be blank'],
    [{ individualName: '王小明' }, 'entries[1].individualName: holds characters other than printable ASCII'],
    [
      { accountType: 'money-market' as 'checking' },
      "entries[1].accountType: must be 'checking' or 'savings'",
    ],
    [{ accountType: 'toString' as 'checking' }, "entries[1].accountType: must be 'checking' or 'savings'"],
  ])('refuses entry %j', (change, message) => {
    const entries = credits.map((c, i) => (i === 1 ? { ...c, ...change } : c));
    expect(() => buildNachaFile(input({ entries }))).toThrow(message);
  });

  it('refuses an empty list of payments', () => {
    expect(() => buildNachaFile(input({ entries: [] }))).toThrow(
      new Error('entries: at least one payment is needed'),
    );
  });

  it.each([
    [{ originator: { ...originator, companyName: 'Carelane Home Care' } }, 'originator.companyName: is 18'],
    [{ originator: { ...originator, odfiRoutingNumber: '021000022' } }, 'originator.odfiRoutingNumber'],
    [{ originator: { ...originator, companyIdentification: '123456789' } }, 'exactly 10 characters'],
    [{ originator: { ...originator, companyEntryDescription: '' } }, 'companyEntryDescription: must not'],
    [{ effectiveEntryDate: '2026-02-30' }, "effectiveEntryDate: must be 'YYYY-MM-DD'"],
    [{ effectiveEntryDate: '03/06/2026' }, "effectiveEntryDate: must be 'YYYY-MM-DD'"],
    [{ createdAt: new Date('nope') }, 'createdAt: must be a valid date'],
    [{ fileIdModifier: '*' }, 'fileIdModifier'],
    [{ fileIdModifier: 'AB' }, 'fileIdModifier'],
  ])('refuses bad file settings %#', (overrides, message) => {
    expect(() => buildNachaFile(input(overrides))).toThrow(message);
  });

  it('lists every problem in one error', () => {
    const entries = [
      { ...credits[0]!, routingNumber: '011000016' },
      credits[1]!,
      { ...credits[2]!, amountCents: 0, accountNumber: 'x' },
    ];
    expect(() => buildNachaFile(input({ entries }))).toThrow(
      new Error(
        'entries[0].routingNumber: 011000016 fails the ABA check digit (the 9th digit should be 5); ' +
          'entries[2].accountNumber: must be 1 to 17 digits (no letters, spaces or other characters); ' +
          'entries[2].amountCents: must be more than zero',
      ),
    );
  });
});

describe('validateNachaFile', () => {
  const goodSummary = {
    batchCount: 1,
    blockCount: 1,
    entryCount: 3,
    entryHash: '0015911487',
    totalDebitCents: 0,
    totalCreditCents: 223766,
    recordCount: 10,
  };

  it('accepts the hand-written file and sums it up', () => {
    expect(validateNachaFile(GOOD_FILE)).toEqual({ ok: true, summary: goodSummary });
  });

  it('accepts CRLF line ends and a file without a final newline', () => {
    expect(validateNachaFile(GOOD_LINES.join('\r\n') + '\r\n')).toEqual({ ok: true, summary: goodSummary });
    expect(validateNachaFile(GOOD_LINES.join('\n'))).toEqual({ ok: true, summary: goodSummary });
  });

  it.each([1, 2, 6, 7, 16, 17])('accepts the file built for %i entries', (count) => {
    const entries = Array.from({ length: count }, (_, i) => credits[i % 3]!);
    expect(validateNachaFile(buildNachaFile(input({ entries }))).ok).toBe(true);
  });

  it('builds and validates 10,000 payments in well under 2 seconds', () => {
    const routings = ['021000021', '011000015', '122105278', '026009593'];
    const entries: NachaCredit[] = Array.from({ length: 10_000 }, (_, i) => ({
      routingNumber: routings[i % 4]!,
      accountNumber: String(100000 + i),
      accountType: i % 2 === 0 ? 'checking' : 'savings',
      amountCents: 100 + i,
      individualId: `PAY-${i}`,
      individualName: `Clinician ${i}`,
    }));
    const started = Date.now();
    const result = validateNachaFile(buildNachaFile(input({ entries })));
    const elapsed = Date.now() - started;
    // 2500 × (02100002 + 01100001 + 12210527 + 02600959) = 2500 × 18011489 = 45028722500 -> rightmost 10 digits
    // 10000 × 100 + (0 + 1 + ... + 9999) = 1000000 + 49995000 = 50995000
    expect(result).toEqual({
      ok: true,
      summary: {
        batchCount: 1,
        blockCount: 1001,
        entryCount: 10_000,
        entryHash: '5028722500',
        totalDebitCents: 0,
        totalCreditCents: 50_995_000,
        recordCount: 10_010,
      },
    });
    expect(elapsed).toBeLessThan(2000);
  });

  it.each([
    [
      'a bad RDFI check digit',
      overwrite(GOOD_LINES, 3, 12, '6'),
      3,
      'checkDigit',
      'fails the ABA check digit',
    ],
    [
      'a wrong batch entry hash',
      overwrite(GOOD_LINES, 6, 11, '0015911488'),
      6,
      'entryHash',
      'add up to 0015911487',
    ],
    [
      'a wrong file entry hash',
      overwrite(GOOD_LINES, 7, 22, '0015911486'),
      7,
      'entryHash',
      'add up to 0015911487',
    ],
    [
      'a wrong batch credit total',
      overwrite(GOOD_LINES, 6, 33, '000000223767'),
      6,
      'totalCreditAmount',
      'is 223767 cents but the credits add up to 223766 cents',
    ],
    [
      'a wrong file credit total',
      overwrite(GOOD_LINES, 7, 44, '000000123766'),
      7,
      'totalCreditAmount',
      'add up to 223766',
    ],
    [
      'a debit total in the batch',
      overwrite(GOOD_LINES, 6, 21, '000000000001'),
      6,
      'totalDebitAmount',
      'must be zero',
    ],
    [
      'a debit total in the file',
      overwrite(GOOD_LINES, 7, 32, '000000000001'),
      7,
      'totalDebitAmount',
      'must be zero',
    ],
    [
      'a wrong block count',
      overwrite(GOOD_LINES, 7, 8, '000002'),
      7,
      'blockCount',
      'is 2 but the file holds 1 blocks',
    ],
    [
      'a wrong batch count',
      overwrite(GOOD_LINES, 7, 2, '000002'),
      7,
      'batchCount',
      'is 2 but the file holds 1 batches',
    ],
    [
      'a wrong batch entry count',
      overwrite(GOOD_LINES, 6, 5, '000004'),
      6,
      'entryAddendaCount',
      'is 4 but the file holds 3',
    ],
    [
      'a wrong file entry count',
      overwrite(GOOD_LINES, 7, 14, '00000002'),
      7,
      'entryAddendaCount',
      'is 2 but the file holds 3',
    ],
    [
      'a 93-character record',
      GOOD_LINES.map((l, i) => (i === 3 ? l.slice(0, 93) : l)),
      4,
      'record',
      'is 93 characters long, not 94',
    ],
    [
      'a 95-character record',
      GOOD_LINES.map((l, i) => (i === 5 ? `${l} ` : l)),
      6,
      'record',
      'is 95 characters long',
    ],
    [
      'letters in an amount',
      overwrite(GOOD_LINES, 3, 30, '00001250A0'),
      3,
      'amount',
      'must be digits, found "00001250A0"',
    ],
    [
      'a trace number not starting with the ODFI id',
      overwrite(GOOD_LINES, 5, 80, '99999999'),
      5,
      'traceNumber',
      'does not start with the ODFI identification 02100002',
    ],
    [
      'a wrong company id in the batch control',
      overwrite(GOOD_LINES, 6, 45, '1999999999'),
      6,
      'companyIdentification',
      'the batch header (line 2) has "1123456789"',
    ],
    [
      'a wrong batch number in the batch control',
      overwrite(GOOD_LINES, 6, 88, '0000002'),
      6,
      'batchNumber',
      'the batch header (line 2) has "0000001"',
    ],
    [
      'a wrong ODFI id in the batch control',
      overwrite(GOOD_LINES, 6, 80, '02100003'),
      6,
      'odfiIdentification',
      'the batch header (line 2)',
    ],
    [
      'a debit service class in the batch header',
      overwrite(GOOD_LINES, 2, 2, '225'),
      2,
      'serviceClassCode',
      "must be '220'",
    ],
    [
      'a mixed service class in the batch control',
      overwrite(GOOD_LINES, 6, 2, '200'),
      6,
      'serviceClassCode',
      "must be '220'",
    ],
    ['a record size other than 094', overwrite(GOOD_LINES, 1, 35, '095'), 1, 'recordSize', "must be '094'"],
    [
      'a blocking factor other than 10',
      overwrite(GOOD_LINES, 1, 38, '20'),
      1,
      'blockingFactor',
      "must be '10'",
    ],
    ['a format code other than 1', overwrite(GOOD_LINES, 1, 40, '2'), 1, 'formatCode', "must be '1'"],
    [
      'a bad ODFI routing in the file header',
      overwrite(GOOD_LINES, 1, 13, '2'),
      1,
      'immediateDestination',
      'fails the ABA check digit',
    ],
    [
      'an impossible creation date',
      overwrite(GOOD_LINES, 1, 24, '260230'),
      1,
      'fileCreationDate',
      'not a date YYMMDD',
    ],
    [
      'a lowercase file id modifier',
      overwrite(GOOD_LINES, 1, 34, 'a'),
      1,
      'fileIdModifier',
      "'A'-'Z' or '0'-'9'",
    ],
    [
      'an SEC code other than PPD',
      overwrite(GOOD_LINES, 2, 51, 'CCD'),
      2,
      'standardEntryClassCode',
      "must be 'PPD'",
    ],
    [
      'an impossible effective date',
      overwrite(GOOD_LINES, 2, 70, '261301'),
      2,
      'effectiveEntryDate',
      'not a date YYMMDD',
    ],
    [
      'a batch ODFI other than the file destination',
      [
        [2, 80],
        [3, 80],
        [4, 80],
        [5, 80],
        [6, 80],
      ].reduce<string[]>((lines, [line, column]) => overwrite(lines, line!, column!, '02100003'), GOOD_LINES),
      2,
      'odfiIdentification',
      'starts 02100002',
    ],
    [
      'letters in an account number',
      overwrite(GOOD_LINES, 4, 13, '00098765432X'),
      4,
      'dfiAccountNumber',
      'must be 1 to 17 digits',
    ],
    [
      'an addenda indicator of 1',
      overwrite(GOOD_LINES, 5, 79, '1'),
      5,
      'addendaRecordIndicator',
      "must be '0'",
    ],
    [
      'a blank receiver name',
      overwrite(GOOD_LINES, 3, 55, ' '.repeat(22)),
      3,
      'individualName',
      'must not be blank',
    ],
    ['a non-blank reserved field', overwrite(GOOD_LINES, 7, 60, 'X'), 7, 'reserved', 'must be blank'],
    [
      'a padding line that is not all 9s',
      overwrite(GOOD_LINES, 9, 50, '8'),
      9,
      'record',
      "only padding (94 '9's) may follow",
    ],
  ])('reports %s, and only that', (_, lines, line, field, message) => {
    const problems = problemsOf(fileOf(lines));
    expect(problems).toEqual([{ line, field, message: expect.stringContaining(message) }]);
  });

  it('reports trace numbers out of order', () => {
    let lines = overwrite(GOOD_LINES, 4, 80, '021000020000003');
    lines = overwrite(lines, 5, 80, '021000020000002');
    expect(problemsOf(fileOf(lines))).toEqual([
      {
        line: 5,
        field: 'traceNumber',
        message: '021000020000002 does not follow 021000020000003 (line 4): trace numbers must ascend',
      },
    ]);
  });

  it('reports a record count that is not a multiple of 10', () => {
    expect(problemsOf(fileOf(GOOD_LINES.slice(0, 9)))).toEqual([
      {
        line: null,
        field: 'recordCount',
        message: "the file has 9 records, not a multiple of 10: pad it with lines of 94 '9's",
      },
    ]);
  });

  it('reports a zero amount, and the totals that no longer add up', () => {
    const lines = overwrite(GOOD_LINES, 5, 30, '0000000000');
    const result = validateNachaFile(fileOf(lines));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      { line: 5, field: 'amount', message: 'must be more than zero' },
      { line: 6, field: 'totalCreditAmount', message: expect.stringContaining('add up to 223765') },
      { line: 7, field: 'totalCreditAmount', message: expect.stringContaining('add up to 223765') },
    ]);
  });

  it('reports a debit transaction code in the credit-only batch', () => {
    const result = validateNachaFile(fileOf(overwrite(GOOD_LINES, 3, 2, '27')));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toEqual({
      line: 3,
      field: 'transactionCode',
      message: 'is 27: a credit-only (220) batch holds credits to checking (22) or savings (32)',
    });
    expect(result.summary).toMatchObject({ totalDebitCents: 125000, totalCreditCents: 98766 });
  });

  it('has no summary when an amount cannot be read', () => {
    const result = validateNachaFile(fileOf(overwrite(GOOD_LINES, 3, 30, '00001250A0')));
    expect(result).toMatchObject({ ok: false, summary: null });
  });

  it('reports every problem, each on its line', () => {
    let lines = overwrite(GOOD_LINES, 3, 12, '6');
    lines = overwrite(lines, 7, 8, '000003');
    lines = overwrite(lines, 1, 35, '093');
    expect(problemsOf(fileOf(lines)).map((p) => [p.line, p.field])).toEqual([
      [1, 'recordSize'],
      [3, 'checkDigit'],
      [7, 'blockCount'],
    ]);
  });

  it('reports an unknown record type', () => {
    const problems = problemsOf(fileOf(overwrite(GOOD_LINES, 4, 1, 'X')));
    expect(problems).toContainEqual({ line: 4, field: 'recordType', message: 'unknown record type "X"' });
  });

  it('reports records out of order', () => {
    const swapped = [GOOD_LINES[0]!, GOOD_LINES[2]!, GOOD_LINES[1]!, ...GOOD_LINES.slice(3)];
    const problems = problemsOf(fileOf(swapped));
    expect(problems).toContainEqual({
      line: 2,
      field: 'recordType',
      message: 'entry detail record outside a batch',
    });
    const headerLast = [...GOOD_LINES.slice(1, 7), GOOD_LINES[0]!, ...GOOD_LINES.slice(7)];
    expect(problemsOf(fileOf(headerLast))).toContainEqual({
      line: 1,
      field: 'recordType',
      message: 'the file must start with a file header record (type 1)',
    });
  });

  it('reports a missing batch control and file control', () => {
    const lines = [...GOOD_LINES.slice(0, 5), ...Array(5).fill(PADDING)];
    const problems = problemsOf(fileOf(lines));
    expect(problems).toContainEqual({
      line: 6,
      field: 'recordType',
      message: 'padding before the file control record',
    });
    expect(problems).toContainEqual({
      line: null,
      field: 'batchControl',
      message: 'the batch opened on line 2 has no batch control record',
    });
    expect(problems).toContainEqual({
      line: null,
      field: 'fileControl',
      message: 'the file control record (type 9) is missing',
    });
  });

  it('reports addenda records, which this batch never carries', () => {
    const addenda = record('7', '05', an('NOTE', 80), n(1, 4), n(1, 7));
    const lines = [...GOOD_LINES.slice(0, 5), addenda, ...GOOD_LINES.slice(5, 9)];
    expect(problemsOf(fileOf(lines))).toContainEqual({
      line: 6,
      field: 'recordType',
      message: 'addenda records are not expected: every entry has addenda indicator 0',
    });
  });

  it.each(['', '\n', '\r\n', '   '])('reports the empty file %j', (text) => {
    expect(validateNachaFile(text)).toEqual({
      ok: false,
      problems: [{ line: null, field: 'file', message: 'the file is empty' }],
      summary: null,
    });
  });
});
