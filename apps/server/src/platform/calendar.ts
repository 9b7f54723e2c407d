/**
 * The company's time zone (IANA name, `TMS_TIME_ZONE`, default Europe/Moscow): "today" for the dates
 * people enter (a stage's actual date, what is overdue, a driver's passport date) is the day where the
 * company works, not UTC's, or a stage closed after 21:00 UTC in Moscow would be "in the future".
 */
export const TIME_ZONE = process.env.TMS_TIME_ZONE || 'Europe/Moscow';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The company's calendar day of `now` (YYYY-MM-DD). */
export function calendarDay(now: Date = new Date()): string {
  return dayFormat.format(now);
}
