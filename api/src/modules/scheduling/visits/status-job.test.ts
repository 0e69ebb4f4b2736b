import { visitStatusJobInterval } from './status-job';

describe('visit status job interval', () => {
  it('runs every minute by default, off under jest, as set by VISIT_STATUS_JOB_MS', () => {
    expect(visitStatusJobInterval({})).toBe(60_000);
    expect(visitStatusJobInterval({ JEST_WORKER_ID: '1' })).toBe(0);
    expect(visitStatusJobInterval({ JEST_WORKER_ID: '1', VISIT_STATUS_JOB_MS: '500' })).toBe(500);
    expect(visitStatusJobInterval({ VISIT_STATUS_JOB_MS: '0' })).toBe(0);
    expect(() => visitStatusJobInterval({ VISIT_STATUS_JOB_MS: 'often' })).toThrow(
      'VISIT_STATUS_JOB_MS must be a whole number, got "often"',
    );
  });
});
