/**
 * A heartbeat's schedule in its own zone: validity, the cadence floor, whether a minute fires and
 * whether it is quiet. Cron parsing and zoned occurrences are croner's; the zone's wall clock and
 * offsets are read from Intl. Nothing here does calendar or offset arithmetic of its own.
 *
 * The floor is about the schedule as it fires: the smallest gap between two consecutive fire
 * times over the next year. Walking every occurrence of a year through zoned croner costs about a
 * millisecond each (52,000 for every 10 minutes), so the year is read in three parts that cover
 * the same gaps: the times of day the minute and hour fields make (a gap inside a day), the days
 * the day fields make (a gap across midnight when two consecutive days fire), and, around each
 * change of the zone's offset in the year, the zoned occurrences themselves (where wall-clock gaps
 * and real gaps differ: croner moves a time in a skipped hour past it and fires once in a repeated hour).
 */
import { Cron } from 'croner';
import { AppError } from '../../schemas/errors.js';

export const FLOOR_MINUTES = 10;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The named cadences `GET /heartbeats` offers (each at or above the floor). */
export const PRESETS = [
  { name: 'every-10-minutes', schedule: '*/10 * * * *', description: 'every 10 minutes (the floor)' },
  { name: 'every-30-minutes', schedule: '*/30 * * * *', description: 'on the hour and the half hour' },
  { name: 'hourly', schedule: '0 * * * *', description: 'on the hour' },
  { name: 'every-4-hours', schedule: '0 */4 * * *', description: 'at 00:00, 04:00, ... 20:00' },
  { name: 'weekday-mornings', schedule: '0 9 * * 1-5', description: '09:00 Monday to Friday' },
  { name: 'daily', schedule: '0 9 * * *', description: '09:00 every day' },
] as const;

const crons = new Map<string, Cron>();

function cronOf(expr: string, timezone: string): Cron {
  const key = `${timezone} ${expr}`;
  let c = crons.get(key);
  if (!c) {
    c = new Cron(expr, { paused: true, timezone });
    crons.set(key, c);
  }
  return c;
}

/** Throws the one 400 that fits, or returns the smallest gap in minutes (Infinity: fires at most once a year). */
export function checkSchedule(schedule: string, timezone: string, from: Date): number {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5)
    throw new AppError('heartbeat_invalid_schedule', {
      message: `schedule "${schedule}" has ${fields.length} fields; a heartbeat schedule is 5-field cron (minute hour day-of-month month day-of-week)`,
    });
  if (!validZone(timezone))
    throw new AppError('heartbeat_invalid_timezone', { message: `timezone "${timezone}" is not an IANA zone name (e.g. Europe/Berlin)` });
  let cron: Cron;
  try {
    cron = cronOf(fields.join(' '), timezone);
  } catch (err) {
    throw new AppError('heartbeat_invalid_schedule', { message: `schedule "${schedule}": ${(err as Error).message}` });
  }
  if (cron.nextRun(from) === null) throw new AppError('heartbeat_invalid_schedule', { message: `schedule "${schedule}" never fires` });
  const gap = smallestGap(fields, timezone, from);
  if (gap < FLOOR_MINUTES)
    throw new AppError('heartbeat_cadence_too_fast', {
      message: `schedule "${schedule}" in ${timezone} fires ${gap} minute${gap === 1 ? '' : 's'} apart; a heartbeat may run no more often than every ${FLOOR_MINUTES} minutes`,
    });
  return gap;
}

export function validZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Occurrences of `cron` after `from` and before `until`, at most `cap` of them. */
function occurrences(cron: Cron, from: Date, until: number, cap: number): number[] {
  const out: number[] = [];
  let at: Date | null = from;
  while (out.length < cap) {
    at = cron.nextRun(at);
    if (at === null || at.getTime() >= until) break;
    out.push(at.getTime());
  }
  return out;
}

function minGap(times: readonly number[]): number {
  let gap = Infinity;
  for (let i = 1; i < times.length; i++) gap = Math.min(gap, (times[i]! - times[i - 1]!) / MINUTE_MS);
  return gap;
}

function smallestGap(fields: readonly string[], timezone: string, from: Date): number {
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  // Times of day, on a UTC day (no offset change inside it). More than a day's worth of slots at
  // the floor means some are closer than the floor, so stop there.
  const dayStart = Date.UTC(2001, 0, 1);
  const times = occurrences(
    new Cron(`${minute} ${hour} * * *`, { paused: true, timezone: 'UTC' }),
    new Date(dayStart - 1),
    dayStart + DAY_MS,
    1440 / FLOOR_MINUTES + 1,
  ).map((t) => t - dayStart);
  let gap = minGap(times);
  if (gap < FLOOR_MINUTES) return gap;
  // Firing days over the next year: two consecutive ones put the last time of one day next to the first of the next.
  const days = occurrences(
    new Cron(`0 0 ${dom} ${month} ${dow}`, { paused: true, timezone: 'UTC' }),
    from,
    from.getTime() + 367 * DAY_MS,
    368,
  );
  if (days.some((d, i) => i > 0 && d - days[i - 1]! === DAY_MS))
    gap = Math.min(gap, (DAY_MS - times[times.length - 1]! + times[0]!) / MINUTE_MS);
  if (gap < FLOOR_MINUTES) return gap;
  // Around every offset change of the zone in the year, the zoned occurrences as they really fire.
  const zoned = cronOf(fields.join(' '), timezone);
  for (const change of offsetChanges(timezone, from.getTime(), from.getTime() + 366 * DAY_MS)) {
    // The change happened within the day before `change`; an hour either side holds every gap it can shorten.
    const near = occurrences(zoned, new Date(change - DAY_MS - HOUR_MS), change + HOUR_MS, 2 * (1440 / FLOOR_MINUTES) + 1);
    gap = Math.min(gap, minGap(near));
    if (gap < FLOOR_MINUTES) return gap;
  }
  return gap;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetAt(timezone: string, at: number): string {
  let f = offsetFormats.get(timezone);
  if (!f) offsetFormats.set(timezone, (f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })));
  return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Days (as instants) in [from, until) on which the zone's UTC offset differs from the day before. */
function offsetChanges(timezone: string, from: number, until: number): number[] {
  const out: number[] = [];
  let prev = offsetAt(timezone, from);
  for (let at = from + DAY_MS; at < until; at += DAY_MS) {
    const now = offsetAt(timezone, at);
    if (now !== prev) out.push(at);
    prev = now;
  }
  return out;
}

/** True when the schedule fires at `minuteStart` (a minute boundary) in its zone. */
export function firesAt(schedule: string, timezone: string, minuteStart: Date): boolean {
  try {
    const next = cronOf(schedule.trim().split(/\s+/).join(' '), timezone).nextRun(new Date(minuteStart.getTime() - 1000));
    return next !== null && next.getTime() === minuteStart.getTime();
  } catch {
    return false; // a record saved before a zone left the tz database: it never fires
  }
}

/** Fire times strictly between `after` and `before`, at most `cap`. */
export function firesBetween(schedule: string, timezone: string, after: Date, before: Date, cap: number): Date[] {
  try {
    return occurrences(cronOf(schedule.trim().split(/\s+/).join(' '), timezone), after, before.getTime(), cap).map((t) => new Date(t));
  } catch {
    return [];
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** `HH:MM` of `at` on the zone's wall clock. */
export function wallTime(timezone: string, at: Date): string {
  let f = wallFormats.get(timezone);
  if (!f)
    wallFormats.set(
      timezone,
      (f = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })),
    );
  return f.format(at);
}

/** Whether `at` is inside the quiet window [start, end) in the zone; a window whose end is before its start wraps midnight. */
export function isQuiet(q: { quietStart: string | null; quietEnd: string | null; timezone: string }, at: Date): boolean {
  if (q.quietStart === null || q.quietEnd === null || q.quietStart === q.quietEnd) return false;
  const t = wallTime(q.timezone, at);
  return q.quietStart < q.quietEnd ? t >= q.quietStart && t < q.quietEnd : t >= q.quietStart || t < q.quietEnd;
}

export const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
