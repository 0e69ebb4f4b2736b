import {
  credentialStateName,
  providerExportQuerySchema,
  providerListQuerySchema,
  providerStatusName,
} from './providers';

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('clinician list query', () => {
  it('defaults to provider status 3 (SPEC §4), any of the skills, page 1 of 10', () => {
    expect(providerListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      providerStatusId: 3,
      skillsMatch: 'any',
    });
  });

  it('reads one skill or a repeated key as a list', () => {
    expect(providerListQuerySchema.parse({ skills: 'Wound care' }).skills).toEqual(['Wound care']);
    expect(providerListQuerySchema.parse({ skills: ['Wound care', 'OASIS'] }).skills).toEqual([
      'Wound care',
      'OASIS',
    ]);
  });

  it('takes 0 for every status and refuses a status or credential state it does not know', () => {
    expect(providerListQuerySchema.parse({ providerStatusId: '0' }).providerStatusId).toBe(0);
    expect(fieldsOf(providerListQuerySchema.safeParse({ providerStatusId: '6' }))).toEqual([
      'providerStatusId',
    ]);
    expect(fieldsOf(providerListQuerySchema.safeParse({ credentialState: '2' }))).toEqual([
      'credentialState',
    ]);
  });

  it('needs a ZIP code with a distance, and a distance to sort by it (the export too)', () => {
    for (const schema of [providerListQuerySchema, providerExportQuerySchema]) {
      expect(fieldsOf(schema.safeParse({ distance: '5' }))).toEqual(['zipcode']);
      expect(fieldsOf(schema.safeParse({ sort: '-distance' }))).toEqual(['sort']);
      expect(schema.safeParse({ zipcode: '78701', distance: '5', sort: '-distance' }).success).toBe(true);
    }
    expect(providerExportQuerySchema.parse({ pageSize: '0' })).not.toHaveProperty('pageSize');
  });
});

describe('status and credential state names', () => {
  it('names the statuses and the SPEC §4 credential states', () => {
    expect([1, 2, 3, 4, 5, 7].map(providerStatusName)).toEqual([
      'New',
      'In review',
      'Active',
      'On hold',
      'Inactive',
      'Status 7',
    ]);
    expect([1, 3, 5, 2].map(credentialStateName)).toEqual([
      'Uncredentialed',
      'Fully credentialed',
      'Inactive',
      'State 2',
    ]);
  });
});
