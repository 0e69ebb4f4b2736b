import {
  DATE_FORMAT,
  EMAIL_PATTERN,
  EMPLOYER_ID_PATTERN,
  SSN_PATTERN,
  formatDate,
  formatDateTime,
  formatEmployerId,
  formatPhone,
  formatSsn,
  isValidEmail,
  isValidEmployerId,
  isValidPhone,
  isValidSsn,
  isIsoDate,
  normalizePhone,
  parseDate,
} from './formats';

describe('dates (M/D/YYYY)', () => {
  it('uses the SPEC §5 format', () => {
    expect(DATE_FORMAT).toBe('M/D/YYYY');
  });

  it.each([
    [new Date(2024, 0, 5), '1/5/2024'],
    [new Date(2024, 11, 25, 23, 59), '12/25/2024'],
    [new Date(2024, 0, 5).getTime(), '1/5/2024'],
    ['2024-03-09', '3/9/2024'],
  ])('formats %p as %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('formats %p as empty text', (value) => {
    expect(formatDate(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });

  it('formats a moment as its local date and time to the second', () => {
    expect(formatDateTime(new Date(2026, 10, 24, 7, 5, 9))).toBe('11/24/2026 7:05:09 AM');
    expect(formatDateTime(new Date(2026, 0, 2, 19, 0, 0))).toBe('1/2/2026 7:00:00 PM');
  });

  it.each([
    ['1/5/2024', new Date(2024, 0, 5)],
    ['01/05/2024', new Date(2024, 0, 5)],
    ['12/31/2023', new Date(2023, 11, 31)],
    ['2/29/2024', new Date(2024, 1, 29)],
  ])('parses %s', (text, date) => {
    expect(parseDate(text)).toEqual(date);
  });

  it.each([
    '2/30/2024',
    '2/29/2023',
    '13/1/2024',
    '0/1/2024',
    '1/0/2024',
    '2024-01-05',
    '1/5/24',
    '1/5/2024x',
    '',
    '1-5-2024',
  ])('rejects %p', (text) => {
    expect(parseDate(text)).toBeNull();
  });
});

describe('email', () => {
  it.each(['jane.doe@example.com', 'a+b@care-lane.co.uk', "o'neil@example.org"])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    '@example.com',
    'a b@example.com',
    'a@@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('phone', () => {
  it.each([
    ['(555) 123-4567', '5551234567', '555-123-4567'],
    ['+1 555.123.4567', '5551234567', '555-123-4567'],
    ['555 123 4567', '5551234567', '555-123-4567'],
    ['5551234567', '5551234567', '555-123-4567'],
    ['555-123-4567', '5551234567', '555-123-4567'],
    ['15551234567', '5551234567', '555-123-4567'],
    ['+1 (555) 123-4567', '5551234567', '555-123-4567'],
  ])('%s is valid, normalizes to %s and shows as %s', (text, digits, shown) => {
    expect(isValidPhone(text)).toBe(true);
    expect(normalizePhone(text)).toBe(digits);
    expect(formatPhone(text)).toBe(shown);
  });

  it('reads an 11-digit number starting with 1 as +1 and the 10 digits after it, as the API schema does', () => {
    expect(normalizePhone('12345678901')).toBe('2345678901');
    expect(formatPhone('12345678901')).toBe('234-567-8901');
  });

  it.each([
    '555-1234',
    '25551234567',
    '+2 555 123 4567',
    '555_123_4567',
    '(555 123-4567',
    '555123456',
    '',
    'phone',
  ])('rejects %p', (text) => {
    expect(isValidPhone(text)).toBe(false);
    expect(normalizePhone(text)).toBeNull();
    expect(formatPhone(text)).toBe(text);
  });
});

describe('employer identifier and SSN-style numbers', () => {
  it('checks NN-NNNNNNN', () => {
    expect(EMPLOYER_ID_PATTERN.source).toBe('^\\d{2}-\\d{7}$');
    expect(isValidEmployerId('12-3456789')).toBe(true);
    expect(isValidEmployerId('123456789')).toBe(false);
    expect(isValidEmployerId('123-456789')).toBe(false);
    expect(isValidEmployerId('12-345678')).toBe(false);
  });

  it('formats nine digits as NN-NNNNNNN', () => {
    expect(formatEmployerId('123456789')).toBe('12-3456789');
    expect(formatEmployerId('12-3456789')).toBe('12-3456789');
    expect(formatEmployerId('12345')).toBe('12345');
  });

  it('checks NNN-NN-NNNN', () => {
    expect(SSN_PATTERN.test('123-45-6789')).toBe(true);
    expect(isValidSsn('123-45-6789')).toBe(true);
    expect(isValidSsn('123456789')).toBe(false);
    expect(isValidSsn('12-345-6789')).toBe(false);
  });

  it('formats nine digits as NNN-NN-NNNN', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('123 45 6789')).toBe('123-45-6789');
    expect(formatSsn('1234')).toBe('1234');
  });
});

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2030-01-15', '0001-01-01', '9999-12-31'])('accepts %s', (text) => {
    expect(isIsoDate(text)).toBe(true);
  });
  it.each([
    '2023-02-29',
    '2024-02-30',
    '9999-99-99',
    '0000-00-00',
    '0000-01-01',
    '2024-13-01',
    '2024-1-1',
    '',
  ])('refuses %s', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });
});
