import { archiveRunPercent, parseConstantReasons } from './archive';

describe('parseConstantReasons', () => {
  it('reads a reason-list constant and gives [] for anything else', () => {
    expect(
      parseConstantReasons('[{"id":1,"label":"Patient discharged"},{"id":"x","label":"Other"}]'),
    ).toEqual([
      { id: 1, label: 'Patient discharged' },
      { id: 'x', label: 'Other' },
    ]);
    expect(parseConstantReasons('not json')).toEqual([]);
    expect(parseConstantReasons('[{"id":1}]')).toEqual([]);
    expect(parseConstantReasons(undefined)).toEqual([]);
  });
});

describe('archiveRunPercent', () => {
  it('is the whole percent done, 100 once the run is done', () => {
    expect(archiveRunPercent({ done: 1, total: 3, status: 'Running' })).toBe(33);
    expect(archiveRunPercent({ done: 0, total: 0, status: 'Running' })).toBe(0);
    expect(archiveRunPercent({ done: 0, total: 0, status: 'Done' })).toBe(100);
    expect(archiveRunPercent({ done: 5, total: 4, status: 'Failed' })).toBe(100);
  });
});
