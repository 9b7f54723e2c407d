import { describe, expect, it } from 'vitest';
import {
  declarationDeadline,
  hoursText,
  isTimeZone,
  utcOffsetText,
  workingDayAfter,
  zonedDateTime,
  zonedStartOfDay,
} from './release-deadline';

const none = new Set<string>();

describe('the customs release deadline', () => {
  it('gives 2 hours to register a filed declaration and 4 to release a registered one', () => {
    const submittedAt = new Date('2026-03-16T02:00:00Z');
    const registeredAt = new Date('2026-03-16T03:10:00Z');
    const facts = { submittedAt, registeredAt, timeZone: 'Asia/Vladivostok', holidays: none };
    expect(declarationDeadline({ ...facts, status: 'SUBMITTED' })).toEqual({
      kind: 'registration',
      at: new Date('2026-03-16T04:00:00Z'),
    });
    expect(declarationDeadline({ ...facts, status: 'REGISTERED' })).toEqual({
      kind: 'release',
      at: new Date('2026-03-16T07:10:00Z'),
    });
    expect(declarationDeadline({ ...facts, status: 'RELEASED' })).toBeNull();
    expect(declarationDeadline({ ...facts, status: 'DRAFT' })).toBeNull();
  });

  it('extends a release under control to the end of the 10th working day in the point’s calendar', () => {
    // Registered on Friday 13 March 2026 at 23:30 in Vladivostok (13:30 UTC): its day is the 13th there.
    const registeredAt = new Date('2026-03-13T13:30:00Z');
    const facts = { status: 'UNDER_CONTROL' as const, submittedAt: null, registeredAt };
    expect(declarationDeadline({ ...facts, timeZone: 'Asia/Vladivostok', holidays: none })).toEqual({
      kind: 'extended',
      // 16-20 and 23-27 March: the end of Friday 27th, midnight of the 28th in Vladivostok.
      at: new Date('2026-03-27T14:00:00Z'),
    });
    // In Moscow the same moment is Friday 16:30: the same days, ending at midnight Moscow time.
    expect(
      declarationDeadline({ ...facts, timeZone: 'Europe/Moscow', holidays: new Set(['2026-03-18']) }),
    ).toEqual({ kind: 'extended', at: new Date('2026-03-30T21:00:00Z') });
  });

  it('counts working days without weekends and holidays', () => {
    expect(workingDayAfter('2026-03-13', 1, none)).toBe('2026-03-16');
    expect(workingDayAfter('2026-03-13', 10, none)).toBe('2026-03-27');
    expect(workingDayAfter('2026-03-13', 10, new Set(['2026-03-18', '2026-03-27']))).toBe('2026-03-31');
  });

  it('reads moments in a zone, across a change of summer time', () => {
    // Berlin moves to summer time on 29 March 2026: that day starts at UTC+1, the next at UTC+2.
    expect(zonedStartOfDay('2026-03-29', 'Europe/Berlin')).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(zonedStartOfDay('2026-03-30', 'Europe/Berlin')).toEqual(new Date('2026-03-29T22:00:00Z'));
    expect(zonedDateTime(new Date('2026-03-16T02:00:00Z'), 'Asia/Vladivostok')).toBe('16.03.2026 12:00');
    expect(utcOffsetText(new Date('2026-03-16T02:00:00Z'), 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetText(new Date('2026-03-16T02:00:00Z'), 'UTC')).toBe('UTC');
    expect(utcOffsetText(new Date('2026-03-16T02:00:00Z'), 'America/New_York')).toBe('UTC−4');
  });

  it('knows the zones of the IANA database only', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('UTC+10')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('writes hours to one place, negative when overdue', () => {
    expect(hoursText(90 * 60_000)).toBe('1.5');
    expect(hoursText(-30 * 60_000)).toBe('-0.5');
    expect(hoursText(0)).toBe('0.0');
  });
});
