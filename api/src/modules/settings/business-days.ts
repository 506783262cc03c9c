import { addDays, dayToUtcMidnight, toDay, type CalendarDay } from '@admin/shared/dates';
import type { Database, Transaction } from '../../db/connect';
import { readHolidays } from './service';

/** Kuwait's weekend, as days of the week (Sunday 0): Friday and Saturday. */
const WEEKEND = [5, 6];

/** Whether the business is open on `day`: not Friday or Saturday, nor one of `holidays`. */
export function isBusinessDay(day: CalendarDay, holidays: ReadonlySet<CalendarDay> = new Set()): boolean {
  return !WEEKEND.includes(new Date(dayToUtcMidnight(day)).getUTCDay()) && !holidays.has(day);
}

/** The day after `day` that is a business day. */
export function nextBusinessDay(day: CalendarDay, holidays: ReadonlySet<CalendarDay> = new Set()): CalendarDay {
  let next = addDays(day, 1);
  while (!isBusinessDay(next, holidays)) next = addDays(next, 1);
  return next;
}

/** The company's public holidays (company settings) as calendar days. */
export async function holidayDays(db: Database | Transaction): Promise<Set<CalendarDay>> {
  const { holidays } = await readHolidays(db);
  return new Set(holidays.map((holiday) => toDay(holiday.day)));
}
