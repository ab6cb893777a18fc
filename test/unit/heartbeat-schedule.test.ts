/**
 * A heartbeat's schedule read in its own zone (croner): the cadence floor at save time, which
 * minutes fire across both daylight-saving changes of America/New_York and in Asia/Kolkata's
 * half-hour offset, and quiet windows that wrap midnight.
 */
import t from 'tap';
import { checkSchedule, firesAt, isQuiet } from '../../actors/heartbeat/schedule.js';
import { isAppError } from '../../schemas/errors.js';

const FROM = new Date('2026-01-15T12:00:00Z');

function refusal(schedule: string, zone: string): string | undefined {
  try {
    checkSchedule(schedule, zone, FROM);
    return undefined;
  } catch (err) {
    if (!isAppError(err)) throw err;
    return err.code;
  }
}

/** Every minute of [from, to) the schedule fires at, as ISO strings. */
function firings(schedule: string, zone: string, from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = Date.parse(from); m < Date.parse(to); m += 60_000)
    if (firesAt(schedule, zone, new Date(m))) out.push(new Date(m).toISOString());
  return out;
}

t.test('the 10-minute floor is about the schedule as it fires in its zone', async (t) => {
  t.equal(refusal('*/5 * * * *', 'UTC'), 'heartbeat_cadence_too_fast', 'every 5 minutes');
  t.equal(refusal('0,5 9 * * *', 'UTC'), 'heartbeat_cadence_too_fast', 'two firings 5 minutes apart once a day');
  t.equal(refusal('0,5 9 1 1 *', 'Europe/Berlin'), 'heartbeat_cadence_too_fast', 'two firings 5 minutes apart once a year');
  t.equal(refusal('55 23 * * *', 'UTC'), undefined, 'once a day');
  t.equal(refusal('55,0 23,0 * * *', 'UTC'), 'heartbeat_cadence_too_fast', '23:55 then 00:00 the next day is 5 minutes');
  t.equal(refusal('55,0 23,0 * * 1', 'UTC'), undefined, 'the same on Mondays only: 00:00 and 23:55 of one day are not consecutive days');
  t.equal(refusal('*/10 * * * *', 'America/New_York'), undefined, 'every 10 minutes is the floor itself');
  t.equal(refusal('*/9 * * * *', 'UTC'), 'heartbeat_cadence_too_fast', 'every 9 minutes (00:54 to 01:00 is 6)');
  // 01:58 EST then 03:05 EDT on the spring-forward day is 7 minutes: refused only where the clock jumps.
  t.equal(
    refusal('5,58 1,3 * * *', 'America/New_York'),
    'heartbeat_cadence_too_fast',
    'a daylight-saving change brings two firings within 7 minutes',
  );
  t.equal(refusal('5,58 1,3 * * *', 'Asia/Kolkata'), undefined, 'the same schedule where the clock never jumps');
  t.equal(refusal('5,58 1,3 * * *', 'UTC'), undefined, 'and in UTC');
});

t.test('a bad schedule or zone is refused with its own code', async (t) => {
  t.equal(refusal('* * * *', 'UTC'), 'heartbeat_invalid_schedule', '4 fields');
  t.equal(refusal('0 0 * * * *', 'UTC'), 'heartbeat_invalid_schedule', '6 fields (seconds)');
  t.equal(refusal('61 * * * *', 'UTC'), 'heartbeat_invalid_schedule', 'minute 61');
  t.equal(refusal('0 0 30 2 *', 'UTC'), 'heartbeat_invalid_schedule', 'never fires (30 February)');
  t.equal(refusal('0 9 * * *', 'Mars/Olympus'), 'heartbeat_invalid_timezone', 'an unknown zone');
  t.equal(refusal('0 9 * * *', 'EST5EDT'), undefined, 'a zone of the tz database');
});

t.test('America/New_York: no double tick at fall-back, nothing lost beyond the skipped hour at spring-forward', async (t) => {
  // 2026-11-01 02:00 EDT becomes 01:00 EST: 01:30 happens twice on the wall clock.
  t.same(firings('30 1 * * *', 'America/New_York', '2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z'), ['2026-11-01T05:30:00.000Z'], 'once');
  const halfHourly = firings('*/30 * * * *', 'America/New_York', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z');
  const gaps = halfHourly.slice(1).map((x, i) => (Date.parse(x) - Date.parse(halfHourly[i]!)) / 60_000);
  t.ok(
    gaps.every((g) => g >= 30),
    'no two firings closer than the schedule across the fall-back day',
  );
  // 2026-03-08 02:00 EST becomes 03:00 EDT: the 02:xx hour does not exist.
  const hourly = firings('0 * * * *', 'America/New_York', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z');
  t.equal(hourly.length, 23, 'a 23-hour day fires 23 times hourly');
  t.same(
    firings('30 2 * * *', 'America/New_York', '2026-03-08T05:00:00Z', '2026-03-10T05:00:00Z'),
    ['2026-03-09T06:30:00.000Z'],
    '02:30 does not exist on the spring-forward day: only that tick, inside the skipped hour, is lost',
  );
  t.same(
    firings('30 9 * * *', 'America/New_York', '2026-03-08T00:00:00Z', '2026-03-10T00:00:00Z'),
    ['2026-03-08T13:30:00.000Z', '2026-03-09T13:30:00.000Z'],
    '09:30 is 09:30 local on both sides of the change (13:30Z in EDT)',
  );
  t.same(
    firings('30 9 * * *', 'America/New_York', '2026-01-10T00:00:00Z', '2026-01-11T00:00:00Z'),
    ['2026-01-10T14:30:00.000Z'],
    'and 14:30Z in EST',
  );
});

t.test('Asia/Kolkata: the half-hour offset', async (t) => {
  t.same(
    firings('0 9 * * *', 'Asia/Kolkata', '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'),
    ['2026-06-01T03:30:00.000Z'],
    '09:00 IST is 03:30Z',
  );
  t.same(
    firings('0 */6 * * *', 'Asia/Kolkata', '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'),
    ['2026-06-01T00:30:00.000Z', '2026-06-01T06:30:00.000Z', '2026-06-01T12:30:00.000Z', '2026-06-01T18:30:00.000Z'],
    'every 6 hours on the half hour UTC',
  );
});

t.test('quiet windows in the zone, wrapping midnight', async (t) => {
  const ny = { quietStart: '22:00', quietEnd: '06:00', timezone: 'America/New_York' };
  t.ok(isQuiet(ny, new Date('2026-01-15T03:00:00Z')), '22:00 EST is quiet');
  t.ok(isQuiet(ny, new Date('2026-01-15T04:30:00Z')), '23:30 is quiet');
  t.ok(isQuiet(ny, new Date('2026-01-15T10:59:00Z')), '05:59 is quiet');
  t.notOk(isQuiet(ny, new Date('2026-01-15T11:00:00Z')), '06:00 is not (the end is exclusive)');
  t.notOk(isQuiet(ny, new Date('2026-01-15T02:59:00Z')), '21:59 is not');
  t.ok(isQuiet(ny, new Date('2026-07-15T02:00:00Z')), '22:00 EDT is quiet (the zone, not a fixed offset)');
  const day = { quietStart: '12:00', quietEnd: '13:30', timezone: 'Asia/Kolkata' };
  t.ok(isQuiet(day, new Date('2026-06-01T06:30:00Z')), '12:00 IST');
  t.notOk(isQuiet(day, new Date('2026-06-01T08:00:00Z')), '13:30 IST is not');
  t.notOk(isQuiet({ quietStart: null, quietEnd: null, timezone: 'UTC' }, new Date()), 'no window, never quiet');
});
