// When a dish or a category is served: the hours rule, in the restaurant's time zone, shared by app, fake and provider.

/** One window of the week: on these ISO weekdays (1 Monday … 7 Sunday), from `from` until `to` ("HH:MM", to may be "24:00"). */
export interface HoursWindow {
  days: readonly number[];
  from: string;
  to: string;
}

/** Null or absent: at all hours. */
export type Hours = readonly HoursWindow[] | null | undefined;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** "07:30" → 450; "24:00" → 1440. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Why a window cannot be kept, by field, or null when it is sound. */
export function windowProblem(window: HoursWindow): { field: 'days' | 'from' | 'to'; message: string } | null {
  if (window.days.length === 0) return { field: 'days', message: 'name at least one day (1 Monday … 7 Sunday)' };
  if (window.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) {
    return { field: 'days', message: 'days are 1 (Monday) to 7 (Sunday)' };
  }
  if (new Set(window.days).size !== window.days.length) return { field: 'days', message: 'a day is named twice' };
  if (!TIME_PATTERN.test(window.from) || window.from === '24:00') return { field: 'from', message: 'a time HH:MM' };
  if (!TIME_PATTERN.test(window.to)) return { field: 'to', message: 'a time HH:MM (24:00 for midnight)' };
  if (minutesOf(window.to) <= minutesOf(window.from)) {
    return { field: 'to', message: 'must end after it starts (past midnight: a second window from 00:00)' };
  }
  return null;
}

interface LocalTime {
  /** The local calendar day as a UTC midnight, for day arithmetic free of the zone's offsets. */
  day: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  minutes: number;
}

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `at`, as milliseconds of a UTC date with the same reading. */
export function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

function localTime(at: number, timeZone: string): LocalTime {
  const wall = wallClock(at, timeZone);
  const day = Math.floor(wall / DAY_MS) * DAY_MS;
  const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
  return { day, weekday, minutes: Math.floor((wall - day) / 60_000) };
}

/** The instant the wall clock in `timeZone` reads `minutes` past midnight of `day`; a time skipped by DST moves on. */
function instantOf(day: number, minutes: number, timeZone: string): number {
  const wanted = day + minutes * 60_000;
  let guess = wanted - (wallClock(wanted, timeZone) - wanted);
  // Once more, for a wanted time on the other side of an offset change from the first guess.
  guess = wanted - (wallClock(guess, timeZone) - guess);
  return guess;
}

const weekdayOf = (day: number) => ((new Date(day).getUTCDay() + 6) % 7) + 1;

/** Whether `at` falls in one of the windows; no hours means always. */
export function isWithinHours(hours: Hours, at: Date, timeZone: string): boolean {
  if (!hours || hours.length === 0) return true;
  const now = localTime(at.getTime(), timeZone);
  return hours.some(
    (window) =>
      window.days.includes(now.weekday) && minutesOf(window.from) <= now.minutes && now.minutes < minutesOf(window.to),
  );
}

/** The next instant after `at` when the hours open, within a week; null when they never do. */
export function nextOpening(hours: Hours, at: Date, timeZone: string): Date | null {
  if (!hours || hours.length === 0) return null;
  const from = at.getTime();
  const today = localTime(from, timeZone).day;
  let best: number | null = null;
  for (let offset = 0; offset <= 7 && best === null; offset++) {
    const day = today + offset * DAY_MS;
    const weekday = weekdayOf(day);
    for (const window of hours) {
      if (!window.days.includes(weekday)) continue;
      const opens = instantOf(day, minutesOf(window.from), timeZone);
      if (opens > from && (best === null || opens < best)) best = opens;
    }
  }
  return best === null ? null : new Date(best);
}

/** While open: the instant the hours close (windows that touch are one); null when closed or always open. */
export function nextClosing(hours: Hours, at: Date, timeZone: string): Date | null {
  if (!hours || hours.length === 0 || !isWithinHours(hours, at, timeZone)) return null;
  let closing = at.getTime();
  // A window that ends as the next begins (11:30 and 11:30, or 24:00 and 00:00) does not close in between.
  for (let step = 0; step < 14 && isWithinHours(hours, new Date(closing), timeZone); step++) {
    const now = localTime(closing, timeZone);
    const ends = hours
      .filter(
        (window) =>
          window.days.includes(now.weekday) &&
          minutesOf(window.from) <= now.minutes &&
          now.minutes < minutesOf(window.to),
      )
      .map((window) => minutesOf(window.to));
    closing = instantOf(now.day, Math.max(...ends), timeZone);
  }
  // Open for two weeks on end (every day, all day): it never closes.
  return isWithinHours(hours, new Date(closing), timeZone) ? null : new Date(closing);
}

export interface HoursAvailability {
  /** Within its hours now (true when it has none). */
  open: boolean;
  /** When closed: when it opens again (null: not within a week). */
  availableAgainAt: Date | null;
  /** When open with hours: when they close. */
  availableUntil: Date | null;
}

export function hoursAvailability(hours: Hours, at: Date, timeZone: string): HoursAvailability {
  const open = isWithinHours(hours, at, timeZone);
  return {
    open,
    availableAgainAt: open ? null : nextOpening(hours, at, timeZone),
    availableUntil: open ? nextClosing(hours, at, timeZone) : null,
  };
}

/** The hours a dish keeps: its own, else its category's. */
export const effectiveHours = (own: Hours, category: Hours): Hours => own ?? category ?? null;
