import { MESSAGING_TEXTS } from './inbound';

describe('SMS texts', () => {
  it('names the clinician that has not answered', () => {
    expect(MESSAGING_TEXTS.smsBlocked(42)).toBe(
      'could not send to clinician (id: 42) as they have not responded for 5 recent SMS.',
    );
  });

  it('starts the partly-sent text as the spec does', () => {
    expect(MESSAGING_TEXTS.smsPartial([4, 7])).toMatch(
      /^sent successfully but could not send to clinician\(s\) \(id: 4, 7\) as they have not responded for 5 recent SMS/,
    );
  });
});
