import { checkEvv } from './VisitCards';

const scheduled = { scheduledStart: '2026-11-20T14:00:00.000Z', scheduledEnd: '2026-11-20T15:00:00.000Z' };

describe('checkEvv', () => {
  it('flags a time in more than 15 minutes from the scheduled start, either way', () => {
    expect(checkEvv({ ...scheduled, timeIn: null, timeOut: null })).toEqual({
      minutesFromStart: null,
      startFlagged: false,
      outsideWindow: false,
    });
    expect(checkEvv({ ...scheduled, timeIn: '2026-11-20T14:15:00.000Z', timeOut: null }).startFlagged).toBe(
      false,
    );
    expect(checkEvv({ ...scheduled, timeIn: '2026-11-20T14:16:00.000Z', timeOut: null })).toMatchObject({
      minutesFromStart: 16,
      startFlagged: true,
    });
    expect(checkEvv({ ...scheduled, timeIn: '2026-11-20T13:40:00.000Z', timeOut: null })).toMatchObject({
      minutesFromStart: -20,
      startFlagged: true,
      outsideWindow: true,
    });
  });

  it('flags a visit that ran past its window', () => {
    const timeIn = '2026-11-20T14:00:00.000Z';
    expect(checkEvv({ ...scheduled, timeIn, timeOut: '2026-11-20T15:15:00.000Z' }).outsideWindow).toBe(false);
    expect(checkEvv({ ...scheduled, timeIn, timeOut: '2026-11-20T15:16:00.000Z' }).outsideWindow).toBe(true);
  });
});
