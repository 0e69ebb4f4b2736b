import { credentialExpiryJobTime } from './job';

describe('the credential expiry job time of day', () => {
  it('runs at 02:00 by default, off under jest unless asked, and refuses anything but HH:mm or off', () => {
    expect(credentialExpiryJobTime({})).toBe('02:00');
    expect(credentialExpiryJobTime({ JEST_WORKER_ID: '1' })).toBeNull();
    expect(credentialExpiryJobTime({ JEST_WORKER_ID: '1', CREDENTIAL_EXPIRY_JOB_AT: '23:30' })).toBe('23:30');
    expect(credentialExpiryJobTime({ CREDENTIAL_EXPIRY_JOB_AT: 'off' })).toBeNull();
    expect(() => credentialExpiryJobTime({ CREDENTIAL_EXPIRY_JOB_AT: '2am' })).toThrow(
      `CREDENTIAL_EXPIRY_JOB_AT must be a time HH:mm or 'off', got "2am"`,
    );
    expect(() => credentialExpiryJobTime({ CREDENTIAL_EXPIRY_JOB_AT: '24:00' })).toThrow();
  });
});
