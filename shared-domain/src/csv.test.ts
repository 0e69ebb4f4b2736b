import { CSV_BOM, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['=1+1', "'=1+1"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('neutralizes a formula start: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves ordinary text, and formula characters later in the text, alone', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =1')).toBe(' =1');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Austin, TX')).toBe('"Austin, TX"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes numbers, booleans, dates and nothing as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(96.8)).toBe('96.8');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes the rows with CRLF line ends', () => {
    expect(
      toCsv([
        ['name', 'city', 'visits'],
        ['=cmd|"/c calc"!A1', 'Austin, TX', 3],
      ]),
    ).toBe(`name,city,visits\r\n"'=cmd|""/c calc""!A1","Austin, TX",3\r\n`);
    expect(toCsv([])).toBe('');
  });

  it('offers the byte order mark Excel needs for UTF-8', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
