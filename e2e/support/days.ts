// Calendar days as the specs reckon them: 'YYYY-MM-DD', today being the business day in Kuwait
// (the product's default zone), shown day first as the screens show them. Worked out here rather
// than with the product's own date code, so a spec checks the product's arithmetic instead of
// repeating it.

/** Business today in Kuwait, 'YYYY-MM-DD', whatever the browser's or the machine's zone. */
export function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
}

/** 'YYYY-MM-DD' -> '21/11/2026', as the lists show days. */
export function shownDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The day `days` days after `day` (before it, for a negative count). */
export function addDays(day: string, days: number): string {
  const date = utcMidnight(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

/** The day `months` months after `day`: the same day of the month, or the month's last day if it is shorter. */
export function addMonths(day: string, months: number): string {
  const start = utcMidnight(day);
  const [year, month] = [start.getUTCFullYear(), start.getUTCMonth() + months];
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

function utcMidnight(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a 'YYYY-MM-DD' day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
