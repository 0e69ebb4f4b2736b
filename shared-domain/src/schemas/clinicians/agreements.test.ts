import { agreementFormFieldsSchema, agreementFormProblems, type AgreementFormField } from './agreements';

const FIELDS: AgreementFormField[] = [
  { key: 'legalName', label: 'Legal name', type: 'text', required: true },
  { key: 'startDate', label: 'Start date', type: 'date', required: true },
  { key: 'readAgreement', label: 'I have read the agreement', type: 'checkbox', required: true },
  { key: 'note', label: 'Note', type: 'text', required: false },
];

describe('agreement form data against its definition', () => {
  it('accepts complete data and leaves optional fields out', () => {
    expect(
      agreementFormProblems(FIELDS, {
        legalName: 'Rita Newhire',
        startDate: '2026-12-01',
        readAgreement: true,
      }),
    ).toEqual([]);
  });

  it('names each field that is missing, unchecked, not a date or unknown', () => {
    expect(
      agreementFormProblems(FIELDS, {
        legalName: '  ',
        startDate: '2026-02-30',
        readAgreement: false,
        extra: 'x',
      }),
    ).toEqual([
      { field: 'formData.extra', label: 'extra', message: 'is not a field of this agreement' },
      { field: 'formData.legalName', label: 'Legal name', message: 'is required' },
      { field: 'formData.startDate', label: 'Start date', message: 'must be a date (YYYY-MM-DD)' },
      { field: 'formData.readAgreement', label: 'I have read the agreement', message: 'must be checked' },
    ]);
  });

  it('refuses a definition that uses one key twice', () => {
    const parsed = agreementFormFieldsSchema.safeParse([FIELDS[0], { ...FIELDS[1], key: 'legalName' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [1, 'key'], message: 'is used by two fields' });
  });
});
