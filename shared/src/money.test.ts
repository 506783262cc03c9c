import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { filsToKdString, formatKd, lineTotal, MAX_FILS, MONEY_MESSAGES, parseKd, readKd, sumFils } from './money';

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
      fc.property(fc.integer({ min: -MAX_FILS, max: MAX_FILS }), (fils) => {
        expect(parseKd(filsToKdString(fils))).toBe(fils);
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
    expect(formatKd(1500)).toBe('1.500 KD');
    expect(formatKd(0)).toBe('0.000 KD');
    expect(formatKd(1)).toBe('0.001 KD');
    expect(formatKd(1234567)).toBe('1,234.567 KD');
    expect(formatKd(999_999_999_999)).toBe('999,999,999.999 KD');
    expect(formatKd(-1234567)).toBe('-1,234.567 KD');
    expect(formatKd(123456)).toBe('123.456 KD');
    expect(formatKd(-250)).toBe('-0.250 KD');
    expect(formatKd(null)).toBe('0.000 KD');
  });

  it('refuses non-integer money rather than print a wrong figure', () => {
    expect(() => formatKd(1.5)).toThrow(TypeError);
    expect(() => formatKd(Number.NaN)).toThrow(TypeError);
  });
});

describe('lineTotal and sumFils', () => {
  it('multiplies quantity by unit price exactly', () => {
    expect(lineTotal(3, 1005)).toBe(3015);
    expect(lineTotal(0, 1005)).toBe(0);
    expect(() => lineTotal(1.5, 1000)).toThrow(RangeError);
  });

  it('sums like integer arithmetic, where floats in KD would drift', () => {
    // 0.1 + 0.2 KD in floats is 0.30000000000000004; in fils it is exactly 300.
    expect(sumFils([100, 200])).toBe(300);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), { maxLength: 200 }), (amounts) => {
        const expected = amounts.reduce((a, b) => a + b, 0);
        expect(sumFils(amounts)).toBe(expected);
        expect(parseKd(filsToKdString(sumFils(amounts)))).toBe(expected);
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
