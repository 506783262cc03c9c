/**
 * Money is an integer number of fils (thousandths of a Kuwaiti dinar) everywhere except the
 * input box and the label. These helpers are the only place that converts between the two, and
 * they do it with string arithmetic so that '1.005' is exactly 1005 fils, never 1004.9999.
 */

import type { Brand } from 'valibot';

/**
 * An amount in fils. The brand is the one the contract's money schema puts on every amount it
 * reads (`v.brand('Fils')`), so a KD number or a count cannot be passed where fils are expected;
 * anything else becomes Fils only through `fils()`, or `isFils()` for a value of unknown type.
 */
export type Fils = number & Brand<'Fils'>;

export const FILS_PER_KD = 1000;

/** Largest amount we accept: well inside Number.MAX_SAFE_INTEGER, so sums of many rows stay exact. */
export const MAX_FILS = 999_999_999_999; // 999,999,999.999 KD

/** What a KD box says when its text is not an amount; the contract and the API answer the same. */
export const MONEY_MESSAGES = {
  notAmount: 'Enter an amount such as 12.500',
  tooManyDecimals: 'At most 3 decimals',
  comma: 'Use a point for decimals',
  tooLarge: 'Amount is too large',
} as const;

// Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits, and the Arabic
// decimal separator (U+066B), as typed on an Arabic keyboard.
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const ARABIC_DECIMAL_SEPARATOR = /\u066B/g;

/** Arabic-Indic digits and the Arabic decimal separator in the Latin form the product stores. */
export function latinDigits(text: string): string {
  return text
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(ARABIC_DECIMAL_SEPARATOR, '.');
}

const KD_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export type KdReading = { fils: Fils } | { problem: string };

/**
 * Reads what staff type in a KD box into fils, or says what is wrong with it. Digits and at most
 * one point, at most 3 decimals; no thousands separators: in '12,5' a comma could be a decimal
 * comma or a separator, and guessing once saved 125.000 KD for 12.500. An empty text is not read
 * here: whether empty is allowed is the field's business.
 */
export function readKd(input: string): KdReading {
  const text = latinDigits(input).trim();
  if (/[,\u066C]/.test(text)) return { problem: MONEY_MESSAGES.comma };
  const match = KD_PATTERN.exec(text);
  if (!match) return { problem: MONEY_MESSAGES.notAmount };
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return { problem: MONEY_MESSAGES.notAmount };
  if (fraction.length > 3) return { problem: MONEY_MESSAGES.tooManyDecimals };
  if (whole.replace(/^0+/, '').length > 9) return { problem: MONEY_MESSAGES.tooLarge };
  const amount = Number(whole || '0') * FILS_PER_KD + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(amount) || amount > MAX_FILS) return { problem: MONEY_MESSAGES.tooLarge };
  return { fils: fils(sign === '-' ? -amount : amount) };
}

/**
 * Parses a KD amount ('12', '12.5', '12.345', '.5', '١٢٫٥') into fils, or null for anything that is
 * not an exact KD amount with at most 3 decimals: we refuse rather than round, because a silently
 * rounded fils is a fils nobody can account for.
 */
export function parseKd(input: string | number | null | undefined): Fils | null {
  if (input === null || input === undefined) return null;
  const reading = readKd(String(input));
  return 'fils' in reading ? reading.fils : null;
}

/** '1500' fils -> '1.500'. The plain number staff edit in a KD input box. */
export function filsToKdString(amount: Fils): string {
  assertFils(amount);
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / FILS_PER_KD);
  const fraction = String(abs % FILS_PER_KD).padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** 1234567 -> '1,234.567': thousands grouped by commas, 3 decimals, as every screen shows money. */
function formatKdNumber(amount: Fils | null | undefined): string {
  const plain = filsToKdString(amount ?? fils(0));
  const point = plain.indexOf('.');
  return `${plain.slice(0, point).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${plain.slice(point)}`;
}

/** The currency after an amount: 'KD' in English, 'د.ك' in Arabic. */
export const CURRENCY_LABELS = { en: 'KD', ar: 'د.ك' } as const;
export type MoneyLanguage = keyof typeof CURRENCY_LABELS;

/**
 * The language money is written in when none is given: the page's (the i18n module keeps the
 * document's lang attribute, the one state every bundled copy of this module sees); English on
 * the server.
 */
function pageLanguage(): MoneyLanguage {
  const page = globalThis as { document?: { documentElement: { lang: string } } };
  return page.document?.documentElement.lang === 'ar' ? 'ar' : 'en';
}

/** Western digits to Arabic-Indic ones (٠–٩), for documents printed with Arabic-Indic digits. */
export function arabicIndicDigits(text: string): string {
  return text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}

/**
 * 1234567 -> '1,234.567 KD' (or '1,234.567 د.ك' in Arabic): value/1000 with thousands separators,
 * 3 decimals and the currency. Digits stay Western and the amount left to right in both languages.
 */
export function formatKd(amount: Fils | null | undefined, language: MoneyLanguage = pageLanguage()): string {
  return `${formatKdNumber(amount)} ${CURRENCY_LABELS[language]}`;
}

/** Quantity × unit price in fils, refusing results that would no longer be exact. */
export function lineTotal(quantity: number, unitPrice: Fils): Fils {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Invalid quantity: ${quantity}`);
  assertFils(unitPrice);
  const total = quantity * unitPrice;
  if (!Number.isSafeInteger(total)) throw new RangeError('Line total is too large');
  return fils(total);
}

/** Sum of fils amounts; exact because every operand is a safe integer and so is the result. */
export function sumFils(amounts: Iterable<Fils>): Fils {
  let total = 0;
  for (const amount of amounts) {
    assertFils(amount);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('Sum is too large');
  }
  return fils(total);
}

/** Whether a value read from outside (an audit entry's JSON) is an amount in fils. */
export function isFils(value: unknown): value is Fils {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * The one constructor of Fils, for amounts made by arithmetic or written as literals: a safe
 * integer, or a TypeError. Amounts from requests come branded from the contract's schema.
 */
export function fils(value: number): Fils {
  assertFils(value);
  return value;
}

/** The helpers check again what the type says: an answer read from the network is typed, not checked. */
function assertFils(value: number): asserts value is Fils {
  if (!isFils(value)) throw new TypeError(`Money must be an integer number of fils, got ${value}`);
}
