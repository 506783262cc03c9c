import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  fils,
  filsToKdString,
  formatKd,
  lineTotal,
  MAX_FILS,
  MONEY_MESSAGES,
  parseKd,
  readKd,
  sumFils,
  type Fils,
} from './money';

describe('fils', () => {
  it('makes an amount of a safe integer', () => {
    expect(fils(1500)).toBe(1500);
    expect(fils(-250)).toBe(-250);
    expect(fils(0)).toBe(0);
  });

  it('refuses what is not whole fils: a KD figure, NaN, infinities, integers past 2^53', () => {
    for (const bad of [1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => fils(bad)).toThrow(TypeError);
    }
  });
});

describe('parseKd', () => {
  it('reads KD amounts exactly into fils', () => {
    expect(parseKd('1.005')).toBe(1005);
    expect(parseKd('0.001')).toBe(1);
    expect(parseKd('12')).toBe(12000);
    expect(parseKd('12.5')).toBe(12500);
    expect(parseKd('.5')).toBe(500);
    expect(parseKd('١٬٢٥٠')).toBeNull();
    expect(parseKd('١٢٫٥')).toBe(12500);
    expect(parseKd('-2.25')).toBe(-2250);
    expect(parseKd(0.1)).toBe(100);
  });

  it('refuses anything it would have to round or guess', () => {
    for (const bad of [
      '',
      ' ',
      '.',
      'abc',
      '1.0005',
      '1e3',
      '1.2.3',
      '--1',
      'NaN',
      '1 000',
      '1000000000',
      '12,5',
      '1,250.750',
      '3.100 KD',
    ]) {
      expect(parseKd(bad)).toBeNull();
    }
    expect(parseKd(null)).toBeNull();
    expect(parseKd(undefined)).toBeNull();
  });

  it('round-trips every amount through the input box text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_FILS, max: MAX_FILS }), (amount) => {
        expect(parseKd(filsToKdString(fils(amount)))).toBe(amount);
      }),
    );
  });

  it('agrees with exact decimal arithmetic on typed text', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999 }), fc.nat({ max: 999 }), (whole, thousandths) => {
        const text = `${whole}.${String(thousandths).padStart(3, '0')}`;
        expect(parseKd(text)).toBe(whole * 1000 + thousandths);
      }),
    );
  });
});

describe('formatKd', () => {
  it('shows value/1000 with 3 decimals and the KD suffix', () => {
    expect(formatKd(fils(1500))).toBe('1.500 KD');
    expect(formatKd(fils(0))).toBe('0.000 KD');
    expect(formatKd(fils(1))).toBe('0.001 KD');
    expect(formatKd(fils(1234567))).toBe('1,234.567 KD');
    expect(formatKd(fils(999_999_999_999))).toBe('999,999,999.999 KD');
    expect(formatKd(fils(-1234567))).toBe('-1,234.567 KD');
    expect(formatKd(fils(123456))).toBe('123.456 KD');
    expect(formatKd(fils(-250))).toBe('-0.250 KD');
    expect(formatKd(null)).toBe('0.000 KD');
  });

  it('refuses non-integer money that came typed but unchecked, rather than print a wrong figure', () => {
    // An API answer is typed by the contract, not checked against it.
    const [fromTheWire]: Fils[] = JSON.parse('[1.5]');
    expect(() => formatKd(fromTheWire)).toThrow(TypeError);
  });
});

describe('lineTotal and sumFils', () => {
  it('multiplies quantity by unit price exactly', () => {
    expect(lineTotal(3, fils(1005))).toBe(3015);
    expect(lineTotal(0, fils(1005))).toBe(0);
    expect(() => lineTotal(1.5, fils(1000))).toThrow(RangeError);
  });

  it('sums like integer arithmetic, where floats in KD would drift', () => {
    // 0.1 + 0.2 KD in floats is 0.30000000000000004; in fils it is exactly 300.
    expect(sumFils([fils(100), fils(200)])).toBe(300);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), { maxLength: 200 }), (amounts) => {
        const expected = amounts.reduce((a, b) => a + b, 0);
        expect(sumFils(amounts.map(fils))).toBe(expected);
        expect(parseKd(filsToKdString(sumFils(amounts.map(fils))))).toBe(expected);
      }),
    );
  });
});

describe('readKd', () => {
  it('says what is wrong with text that is not an amount', () => {
    expect(readKd('12,5')).toEqual({ problem: MONEY_MESSAGES.comma });
    expect(readKd('0.0001')).toEqual({ problem: MONEY_MESSAGES.tooManyDecimals });
    expect(readKd('abc')).toEqual({ problem: MONEY_MESSAGES.notAmount });
    expect(readKd('٣٫١٤١')).toEqual({ fils: 3141 });
  });
});
