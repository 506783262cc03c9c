import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  addDays,
  addMonthsKeepingDay,
  businessToday,
  day,
  dayToUtcMidnight,
  formatDay,
  isDay,
  parseDayText,
  toDay,
} from './dates';

describe('calendar days on the wire', () => {
  it('sends a day as its UTC midnight and reads it back', () => {
    expect(dayToUtcMidnight('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(toDay('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
    expect(toDay('2026-11-21')).toBe('2026-11-21');
    expect(() => dayToUtcMidnight('2026-02-30')).toThrow(RangeError);
  });

  it("makes a Day only of a real day's UTC midnight in its one wire form", () => {
    expect(day('2028-02-29T00:00:00.000Z')).toBe('2028-02-29T00:00:00.000Z');
    for (const bad of [
      '2026-11-21',
      '2026-02-29T00:00:00.000Z',
      '2026-11-21T00:00:00Z',
      '2026-11-21T03:00:00.000Z',
      '2026-11-21T00:00:00.000+03:00',
      ' 2026-11-21T00:00:00.000Z',
      '21/11/2026',
      '',
    ]) {
      expect(() => day(bad)).toThrow(RangeError);
    }
  });

  it('knows real calendar days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('21/11/2026')).toBe(false);
  });

  it('round-trips any day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(toDay(dayToUtcMidnight(day))).toBe(day);
        },
      ),
    );
  });

  it('shows days day-first', () => {
    expect(formatDay('2026-11-21T00:00:00.000Z')).toBe('21/11/2026');
    expect(formatDay(null)).toBe('');
  });
});

describe('businessToday', () => {
  it('is the day in Kuwait, which is ahead of UTC by three hours', () => {
    expect(businessToday('Asia/Kuwait', new Date('2026-11-20T20:59:59Z'))).toBe('2026-11-20');
    expect(businessToday('Asia/Kuwait', new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-21');
    expect(businessToday('UTC', new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-20');
  });
});

describe('addMonthsKeepingDay', () => {
  it('keeps the start day and clamps to short months', () => {
    expect(addMonthsKeepingDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsKeepingDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsKeepingDay('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsKeepingDay('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonthsKeepingDay('2026-12-01', 12)).toBe('2027-12-01');
  });

  it('always lands on a real day in the right month, never past the anchor day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 240 }),
        (year, month, day, months) => {
          const anchor = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
          const result = addMonthsKeepingDay(anchor, months);
          expect(isDay(result)).toBe(true);
          const totalMonths = year * 12 + month - 1 + months;
          expect(Number(result.slice(0, 4))).toBe(Math.floor(totalMonths / 12));
          expect(Number(result.slice(5, 7))).toBe((totalMonths % 12) + 1);
          expect(Number(result.slice(8, 10))).toBeLessThanOrEqual(Number(anchor.slice(8, 10)));
        },
      ),
    );
  });
});

describe('parseDayText', () => {
  it('reads the day-first form staff type, and the ISO form a paste brings', () => {
    expect(parseDayText('21/11/2026')).toBe('2026-11-21');
    expect(parseDayText(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseDayText('01-02-2026')).toBe('2026-02-01');
    expect(parseDayText('٢١/١١/٢٠٢٦')).toBe('2026-11-21');
    expect(parseDayText('2026-11-21')).toBe('2026-11-21');
  });

  it('names no day for text that is not one', () => {
    for (const text of ['', '30/02/2026', '11/21/2026', '21/11/26', 'today', '2026-13-01'])
      expect(parseDayText(text)).toBeNull();
  });

  it('round-trips every shown day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (date) => {
          const day = toDay(date);
          expect(parseDayText(formatDay(day))).toBe(day);
        },
      ),
    );
  });
});

describe('addDays', () => {
  it('steps across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
