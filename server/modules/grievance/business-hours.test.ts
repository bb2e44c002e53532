import { describe, expect, it } from 'vitest';
import { addCalendarMonths, addWorkingHours, istDay } from './business-hours';

const ist = (s: string) => new Date(`${s}+05:30`);

describe('grievance business-hours clock (Mon-Sat 09:00-18:00 Asia/Kolkata)', () => {
  it('counts hours inside one working day', () => {
    expect(addWorkingHours(ist('2026-06-01T10:00:00'), 3)).toEqual(ist('2026-06-01T13:00:00'));
    expect(addWorkingHours(ist('2026-06-01T10:00:00'), 8)).toEqual(ist('2026-06-01T18:00:00'));
  });

  it('carries the rest to the next opening', () => {
    // Monday 17:00 + 2 h: one hour on Monday, one on Tuesday from 09:00.
    expect(addWorkingHours(ist('2026-06-01T17:00:00'), 2)).toEqual(ist('2026-06-02T10:00:00'));
  });

  it('a start before opening or after closing counts from the next opening', () => {
    expect(addWorkingHours(ist('2026-06-01T06:30:00'), 1)).toEqual(ist('2026-06-01T10:00:00'));
    expect(addWorkingHours(ist('2026-06-01T21:00:00'), 1)).toEqual(ist('2026-06-02T10:00:00'));
    expect(addWorkingHours(ist('2026-06-01T18:00:00'), 0.5)).toEqual(ist('2026-06-02T09:30:00'));
  });

  it('Saturday 17:00 + 48 working hours skips Sunday: the next Saturday 11:00', () => {
    // 2026-06-06 is a Saturday: 1 h on Saturday, 9 h Monday to Friday (45), 2 h on the next Saturday.
    expect(new Date(ist('2026-06-06T17:00:00')).getUTCDay()).toBe(6);
    expect(addWorkingHours(ist('2026-06-06T17:00:00'), 48)).toEqual(ist('2026-06-13T11:00:00'));
  });

  it('skips holidays as it skips Sundays', () => {
    const holidays = new Set(['2026-06-08', '2026-06-10']);
    // Monday and Wednesday off: the 47 hours after Saturday's first go to Tue, Thu, Fri, Sat (36), Mon 15/06 (9), Tue 2 h.
    expect(addWorkingHours(ist('2026-06-06T17:00:00'), 48, holidays)).toEqual(ist('2026-06-16T11:00:00'));
  });

  it('a start on a Sunday or a holiday counts from the next working morning', () => {
    expect(addWorkingHours(ist('2026-06-07T12:00:00'), 1)).toEqual(ist('2026-06-08T10:00:00'));
    expect(addWorkingHours(ist('2026-08-15T12:00:00'), 1, new Set(['2026-08-15']))).toEqual(ist('2026-08-17T10:00:00'));
  });

  it('works on instants given in UTC (the IST day, not the UTC day)', () => {
    // 2026-06-06T20:00Z is Sunday 01:30 in India.
    expect(addWorkingHours(new Date('2026-06-06T20:00:00Z'), 1)).toEqual(ist('2026-06-08T10:00:00'));
    expect(istDay(new Date('2026-06-06T20:00:00Z'))).toBe('2026-06-07');
  });

  it('zero hours inside working time is the start itself', () => {
    expect(addWorkingHours(ist('2026-06-01T12:34:00'), 0)).toEqual(ist('2026-06-01T12:34:00'));
  });

  it('refuses a negative or endless count', () => {
    expect(() => addWorkingHours(ist('2026-06-01T12:00:00'), -1)).toThrow(RangeError);
    expect(() => addWorkingHours(ist('2026-06-01T12:00:00'), Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('resolution due: one calendar month in Asia/Kolkata', () => {
  it('same day and time next month', () => {
    expect(addCalendarMonths(ist('2026-04-10T15:00:00'), 1)).toEqual(ist('2026-05-10T15:00:00'));
  });
  it('the last day of a shorter month', () => {
    expect(addCalendarMonths(ist('2026-01-31T10:00:00'), 1)).toEqual(ist('2026-02-28T10:00:00'));
    expect(addCalendarMonths(ist('2028-01-31T10:00:00'), 1)).toEqual(ist('2028-02-29T10:00:00'));
  });
  it('across the year and by the IST date', () => {
    expect(addCalendarMonths(ist('2026-12-15T09:00:00'), 1)).toEqual(ist('2027-01-15T09:00:00'));
    // 2026-01-31T20:00Z is 1 February 01:30 in India: due 1 March.
    expect(addCalendarMonths(new Date('2026-01-31T20:00:00Z'), 1)).toEqual(ist('2026-03-01T01:30:00'));
  });
});
