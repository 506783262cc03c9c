/**
 * Dates in this product are calendar days. On the wire a day is the ISO timestamp of its UTC
 * midnight ('2026-11-21T00:00:00.000Z'), so the same day reads the same in every time zone.
 * "Today" is the business day in Kuwait (or BUSINESS_TZ on the server), not the browser's or
 * the server's clock zone.
 */

import type { Brand } from 'valibot';
import { latinDigits } from './money';

export const DEFAULT_BUSINESS_TZ = 'Asia/Kuwait';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'YYYY-MM-DD': the form days are counted, compared and typed in. */
export type CalendarDay = string;

/**
 * A day in its wire form, its UTC midnight ('2026-11-21T00:00:00.000Z'), as the contract's records
 * carry it. The brand is the one the contract's day schema puts on every day it reads
 * (`v.brand('Day')`), so a calendar day or a timestamp cannot be passed where a day is expected;
 * anything else becomes a Day only through `day()`.
 */
export type Day = string & Brand<'Day'>;

const WIRE_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000Z$/;

/** The one constructor of Day: the UTC midnight of a real calendar day, or a RangeError. */
export function day(text: string): Day {
  const calendarDay = WIRE_DAY.exec(text)?.[1];
  if (calendarDay === undefined || !isDay(calendarDay)) throw new RangeError(`Not a day's UTC midnight: ${text}`);
  return text as Day;
}

/** 'YYYY-MM-DD' as its year, month (1-12) and day of the month, when it names a real day. */
function dayFields(value: string): [year: number, month: number, day: number] | undefined {
  const match = DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? [y, m, d] : undefined;
}

/** The fields of a day a caller must pass; a RangeError when it is not one. */
function fieldsOfDay(calendarDay: CalendarDay): [year: number, month: number, day: number] {
  const fields = dayFields(calendarDay);
  if (!fields) throw new RangeError(`Not a calendar day: ${calendarDay}`);
  return fields;
}

export function isDay(value: string): boolean {
  return dayFields(value) !== undefined;
}

/** '2026-11-21' -> '2026-11-21T00:00:00.000Z'. */
export function dayToUtcMidnight(calendarDay: CalendarDay): Day {
  if (!isDay(calendarDay)) throw new RangeError(`Not a calendar day: ${calendarDay}`);
  return day(`${calendarDay}T00:00:00.000Z`);
}

/** Any ISO timestamp or Date -> its UTC calendar day. The inverse of dayToUtcMidnight. */
export function toDay(value: string | Date): CalendarDay {
  if (typeof value === 'string' && isDay(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date.toISOString().slice(0, 10);
}

/** The business day at `now` in the given zone, e.g. 23:30 UTC on the 20th is the 21st in Kuwait. */
export function businessToday(timeZone: string = DEFAULT_BUSINESS_TZ, now: Date = new Date()): CalendarDay {
  return dayFormatIn(timeZone).format(now);
}

// A formatter is made once per zone: making one cost several times formatting with it (the API
// asks for the business day at every dashboard call).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  // en-CA formats as YYYY-MM-DD.
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return format;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day `months` months after `anchor`, keeping the anchor's day of month where the target
 * month has it and clamping to the month's last day where it does not
 * (31 Jan + 1 = 28/29 Feb, 31 Jan + 2 = 31 Mar). Always count from the anchor, never from a
 * clamped date, or a schedule drifts to the 28th for ever.
 */
export function addMonthsKeepingDay(anchor: CalendarDay, months: number): CalendarDay {
  const [y, m, d] = fieldsOfDay(anchor);
  if (!Number.isInteger(months)) throw new RangeError(`Months must be whole: ${months}`);
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '2026-11-21T00:00:00.000Z' -> '21/11/2026', the day-first form staff in Kuwait read. */
export function formatDay(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const [y, m, d] = toDay(value).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * What staff type in a date box, day first ('21/11/2026', '1-2-2026', '21.11.2026'; Arabic-Indic
 * digits too), or the ISO form a paste may bring ('2026-11-21'), as a calendar day; null when it
 * names no day.
 */
export function parseDayText(text: string): CalendarDay | null {
  const latin = latinDigits(text).trim();
  if (isDay(latin)) return latin;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match; // all three groups are required by the pattern
  const calendarDay = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isDay(calendarDay) ? calendarDay : null;
}

/** The day `days` days after (or before) `day`. */
export function addDays(calendarDay: CalendarDay, days: number): CalendarDay {
  const [y, m, d] = fieldsOfDay(calendarDay);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
