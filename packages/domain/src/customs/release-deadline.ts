import type { DeclarationStatus } from './declarations-status';

/**
 * The real-time topic of customs declarations: every committed change of a declaration (created, edited, a
 * status move, deleted) is announced on it as `{ id }`, so the customs monitoring refreshes at once.
 */
export const CUSTOMS_DECLARATIONS_TOPIC = 'customs-declarations';

/** A customs point's time zone when none is set (the authority's own, Moscow). */
export const DEFAULT_CUSTOMS_TIME_ZONE = 'Europe/Moscow';

export const CUSTOMS_TIME_ZONE_MESSAGE = 'Enter a time zone of the IANA database, e.g. Europe/Moscow.';

/** Whether `name` is a time zone the runtime knows (IANA: `Europe/Moscow`, `Asia/Vladivostok`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The deadlines of the Customs Code of the EAEU (docs/reports.md "Customs monitoring"): the authority
 * registers a filed declaration (or refuses to) within 2 hours of its filing; it releases the goods within
 * 4 hours of the registration (art. 119 p. 1); a control begun before the release (a check of documents,
 * an inspection, an examination, samples) extends the release, at most to the end of the 10th working day
 * after the day of registration, counted in the customs point's calendar.
 */
export const REGISTRATION_HOURS = 2;
export const RELEASE_HOURS = 4;
export const EXTENDED_RELEASE_WORKING_DAYS = 10;

export type DeadlineKind = 'registration' | 'release' | 'extended';

export interface DeadlineFacts {
  status: DeclarationStatus;
  submittedAt: Date | null;
  registeredAt: Date | null;
  /** The customs point's time zone. */
  timeZone: string;
  /** Days off besides Saturdays and Sundays (the holidays dictionary), YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
}

const HOUR = 3_600_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, timeZone: string): Record<string, number> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(
    format
      .formatToParts(at)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
}

/** Minutes the zone is ahead of UTC at that moment (Vladivostok: 600). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of a moment in a zone, YYYY-MM-DD. */
export function zonedDay(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}`;
}

/** A moment as people there read it: `DD.MM.YYYY HH:mm`. */
export function zonedDateTime(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${pad(p.day!)}.${pad(p.month!)}.${p.year} ${pad(p.hour!)}:${pad(p.minute!)}`;
}

/** `UTC+10`, `UTC+5:30`, `UTC` of a zone at a moment. */
export function utcOffsetText(at: Date, timeZone: string): string {
  const minutes = zoneOffsetMinutes(at, timeZone);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/** The moment a local day begins in a zone. */
export function zonedStartOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  const second = guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second);
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The `n`-th working day after `day` (Saturdays, Sundays and the holidays are not). */
export function workingDayAfter(day: string, n: number, holidays: ReadonlySet<string>): string {
  let current = day;
  let left = n;
  while (left > 0) {
    current = nextDay(current);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(current)) left -= 1;
  }
  return current;
}

/**
 * When the authority has to act on an open declaration, and what it has to do: register a submitted one,
 * release a registered one, release one under control by the extended term. None for a declaration not
 * with the authority (a draft, a final one) or missing the moment its term runs from.
 */
export function declarationDeadline(facts: DeadlineFacts): { kind: DeadlineKind; at: Date } | null {
  const { status, submittedAt, registeredAt } = facts;
  if (status === 'SUBMITTED' && submittedAt)
    return { kind: 'registration', at: new Date(submittedAt.getTime() + REGISTRATION_HOURS * HOUR) };
  if (status === 'REGISTERED' && registeredAt)
    return { kind: 'release', at: new Date(registeredAt.getTime() + RELEASE_HOURS * HOUR) };
  if (status === 'UNDER_CONTROL' && registeredAt) {
    const registered = zonedDay(registeredAt, facts.timeZone);
    const last = workingDayAfter(registered, EXTENDED_RELEASE_WORKING_DAYS, facts.holidays);
    return { kind: 'extended', at: zonedStartOfDay(nextDay(last), facts.timeZone) };
  }
  return null;
}

/** Hours to one place, as a decimal string ("3.5", "-0.3"). */
export function hoursText(ms: number): string {
  const tenths = Math.round(ms / 360_000);
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}`;
}
