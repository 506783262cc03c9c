/**
 * Money is an integer number of fils (thousandths of a Kuwaiti dinar) everywhere except the
 * input box and the label. These helpers are the only place that converts between the two, and
 * they do it with string arithmetic so that '1.005' is exactly 1005 fils, never 1004.9999.
 */

export const FILS_PER_KD = 1000;

/** Largest amount we accept: well inside Number.MAX_SAFE_INTEGER, so sums of many rows stay exact. */
export const MAX_FILS = 999_999_999_999; // 999,999,999.999 KD

const KD_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses what staff type in a KD box ('12', '12.5', '12.345', '.5', ' 1,250.000 ') into fils.
 * Returns null for anything that is not an exact KD amount with at most 3 decimals: we refuse
 * rather than round, because a silently rounded fils is a fils nobody can account for.
 */
export function parseKd(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim().replace(/,/g, '').replace(/\s*KD$/i, '');
  const match = KD_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (fraction.length > 3) return null;
  if (whole.replace(/^0+/, '').length > 9) return null;
  const fils = Number(whole || '0') * FILS_PER_KD + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(fils) || fils > MAX_FILS) return null;
  return sign === '-' ? -fils : fils;
}

/** '1500' fils -> '1.500'. The plain number staff edit in a KD input box. */
export function filsToKdString(fils: number): string {
  assertFils(fils);
  const negative = fils < 0;
  const abs = Math.abs(fils);
  const whole = Math.floor(abs / FILS_PER_KD);
  const fraction = String(abs % FILS_PER_KD).padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** 1500 -> '1.500 KD': value/1000 with 3 decimals and the ' KD' suffix, as every screen shows money. */
export function formatKd(fils: number | null | undefined): string {
  return `${filsToKdString(fils ?? 0)} KD`;
}

/** Quantity × unit price in fils, refusing results that would no longer be exact. */
export function lineTotal(quantity: number, unitPriceFils: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Invalid quantity: ${quantity}`);
  assertFils(unitPriceFils);
  const total = quantity * unitPriceFils;
  if (!Number.isSafeInteger(total)) throw new RangeError('Line total is too large');
  return total;
}

/** Sum of fils amounts; exact because every operand is a safe integer and so is the result. */
export function sumFils(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    assertFils(amount);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('Sum is too large');
  }
  return total;
}

export function isFils(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertFils(value: number): void {
  if (!isFils(value)) throw new TypeError(`Money must be an integer number of fils, got ${value}`);
}
