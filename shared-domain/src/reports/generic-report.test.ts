import {
  checkGenericDefinition,
  GENERIC_LIMITS,
  GENERIC_SUBJECT_DEFS,
  GENERIC_SUBJECTS,
  GENERIC_TYPE_OPERATORS,
  genericCellText,
  genericFieldName,
  genericGroupFilter,
  newGenericDefinition,
} from './generic-report';

const visits = (extra: object = {}) => ({ subject: 'visits', columns: ['status'], ...extra });

describe('generic report definitions', () => {
  it("takes a definition of the allow-list's columns and operators", () => {
    const checked = checkGenericDefinition(
      visits({
        columns: ['dateOfService', 'status', 'organization'],
        filters: [
          { column: 'status', op: 'in', value: ['Staffed', 'Active'] },
          { column: 'organization', op: 'contains', value: 'home' },
          { column: 'dateOfService', op: 'between', value: ['2026-11-01', '2026-11-07'] },
          { column: 'clinician', op: 'isEmpty' },
          { column: 'clinicianAmountCents', op: 'gte', value: 1250 },
        ],
        groupBy: 'status',
        sort: { column: 'dateOfService', order: 'desc' },
      }),
    );
    expect(checked.ok).toBe(true);
  });

  it('names the field of an unknown column, operator or subject', () => {
    expect(
      checkGenericDefinition(
        visits({
          filters: [
            { column: 'status', op: 'eq', value: 'Active' },
            { column: 'x', op: 'eq', value: 1 },
          ],
        }),
      ),
    ).toEqual({ ok: false, field: 'filters[1].column', message: "unknown column 'x' for visits" });
    expect(checkGenericDefinition(visits({ columns: ['status', 'password'] }))).toEqual({
      ok: false,
      field: 'columns[1]',
      message: "unknown column 'password' for visits",
    });
    expect(
      checkGenericDefinition(visits({ filters: [{ column: 'status', op: 'like', value: 'A%' }] })),
    ).toEqual({ ok: false, field: 'filters[0].op', message: "unknown operator 'like'" });
    expect(checkGenericDefinition({ subject: 'users', columns: ['id'] })).toMatchObject({
      ok: false,
      field: 'subject',
    });
    expect(checkGenericDefinition(visits({ groupBy: 'patientName' }))).toMatchObject({
      ok: false,
      field: 'groupBy',
    });
    expect(checkGenericDefinition(visits({ sort: { column: 'nope', order: 'asc' } }))).toMatchObject({
      ok: false,
      field: 'sort.column',
    });
  });

  it("refuses an operator its column's type does not take, and values of the wrong type", () => {
    expect(
      checkGenericDefinition(visits({ filters: [{ column: 'status', op: 'contains', value: 'Act' }] })),
    ).toMatchObject({ ok: false, field: 'filters[0].op' });
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'durationMinutes', op: 'eq', value: '1; drop table visits; --' }] }),
      ),
    ).toEqual({ ok: false, field: 'filters[0].value', message: 'must be a number' });
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'status', op: 'eq', value: "Active' or 1=1 --" }] }),
      ),
    ).toMatchObject({ ok: false, field: 'filters[0].value' });
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'dateOfService', op: 'between', value: ['2026-11-01'] }] }),
      ),
    ).toMatchObject({ ok: false, field: 'filters[0].value' });
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'dateOfService', op: 'between', value: ['2026-11-01', 'soon'] }] }),
      ),
    ).toEqual({ ok: false, field: 'filters[0].value[1]', message: 'must be a date YYYY-MM-DD' });
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'clinicianAmountCents', op: 'eq', value: 12.5 }] }),
      ),
    ).toMatchObject({ ok: false, message: 'must be a whole number of cents' });
    expect(
      checkGenericDefinition(visits({ filters: [{ column: 'clinician', op: 'isEmpty', value: 'x' }] })),
    ).toMatchObject({ ok: false, field: 'filters[0].value' });
  });

  it('takes SQL-looking text as a text value: it is only ever a bound parameter', () => {
    expect(
      checkGenericDefinition(
        visits({ filters: [{ column: 'organization', op: 'contains', value: '1; drop table visits; --' }] }),
      ).ok,
    ).toBe(true);
  });

  it('keeps to its limits and refuses fields it does not know', () => {
    const many = Array.from({ length: GENERIC_LIMITS.maxFilters + 1 }, () => ({
      column: 'id',
      op: 'gt',
      value: 1,
    }));
    expect(checkGenericDefinition(visits({ filters: many }))).toMatchObject({ ok: false, field: 'filters' });
    expect(checkGenericDefinition(visits({ columns: [] }))).toMatchObject({ ok: false, field: 'columns' });
    expect(checkGenericDefinition(visits({ columns: ['status', 'status'] }))).toMatchObject({
      ok: false,
      field: 'columns[1]',
    });
    expect(checkGenericDefinition(visits({ sql: 'select 1' }))).toMatchObject({ ok: false });
    expect(
      checkGenericDefinition(visits({ filters: [{ column: 'id', op: 'eq', value: 1, raw: 'x' }] })),
    ).toMatchObject({ ok: false });
  });

  it('has, for every subject, known default and period columns, and operators for every type', () => {
    for (const subject of GENERIC_SUBJECTS) {
      const def = GENERIC_SUBJECT_DEFS[subject];
      expect(checkGenericDefinition(newGenericDefinition(subject)).ok).toBe(true);
      if (def.periodColumn) expect(def.columns.find((c) => c.key === def.periodColumn)?.type).toBe('date');
      for (const column of def.columns) expect(GENERIC_TYPE_OPERATORS[column.type].length).toBeGreaterThan(0);
    }
  });

  it("drills a group with its value, or the empty group's isEmpty", () => {
    expect(genericGroupFilter('status', 'Staffed')).toEqual({ column: 'status', op: 'eq', value: 'Staffed' });
    expect(genericGroupFilter('clinician', null)).toEqual({ column: 'clinician', op: 'isEmpty' });
  });

  it('names fields and shows cells', () => {
    expect(genericFieldName(['filters', 2, 'value', 0])).toBe('filters[2].value[0]');
    expect(genericCellText('money-cents', 12345)).toBe('123.45');
    expect(genericCellText('text', null)).toBe('');
  });
});
