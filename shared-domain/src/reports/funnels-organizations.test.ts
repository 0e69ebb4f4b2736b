// /referralSourceConversion's per-organization order (decision 053): conversion = completed ÷ requested, worst first.
import { compareOrganizationConversion, organizationConversion } from './funnels';

describe('organization conversion', () => {
  it('is the last stage over the first, null without requests', () => {
    expect(organizationConversion([3, 2, 1])).toBeCloseTo(33.33, 2);
    expect(organizationConversion([0, 0, 0])).toBeNull();
  });

  it('orders worst first, then the most requested, then the name', () => {
    const rows = [
      { organizationName: 'B', counts: [4, 4, 4] },
      { organizationName: 'A', counts: [2, 1, 0] },
      { organizationName: 'C', counts: [5, 2, 0] },
      { organizationName: 'D', counts: [2, 2, 1] },
    ];
    expect([...rows].sort(compareOrganizationConversion).map((r) => r.organizationName)).toEqual([
      'C',
      'A',
      'D',
      'B',
    ]);
  });
});
