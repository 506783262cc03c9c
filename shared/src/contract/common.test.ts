import { describe, expect, it } from '@rstest/core';
import * as v from 'valibot';
import { formatDay } from '../dates';
import { formatKd } from '../money';
import {
  daySchema,
  moneySchema,
  type Day,
  type Fils,
  INVISIBLE_NAME_MESSAGE,
  ListQuerySchema,
  nameSchema,
  optionalLine,
  optionalNameSchema,
  optionalText,
  paginationOf,
} from './common';
import { ScheduleInputSchema } from './schedules';

describe('list query', () => {
  it('reads page and limit from the query string with defaults', () => {
    expect(v.parse(ListQuerySchema, {})).toEqual({ page: 1, limit: 10 });
    expect(v.parse(ListQuerySchema, { page: '3', limit: '50', search: ' ali ' })).toEqual({
      page: 3,
      limit: 50,
      search: 'ali',
    });
  });

  it('refuses limits above 1000, non-numbers and unknown parameters', () => {
    expect(v.safeParse(ListQuerySchema, { limit: '1001' }).success).toBe(false);
    expect(v.safeParse(ListQuerySchema, { page: 'two' }).success).toBe(false);
    expect(v.safeParse(ListQuerySchema, { sort: 'x' }).success).toBe(false);
  });

  it('takes only plain digits: hex, exponents, spaces and decimals are refused with the field message', () => {
    const messageFor = (query: object) => {
      const result = v.safeParse(ListQuerySchema, query);
      return result.success ? result.output : result.issues[0].message;
    };
    for (const page of ['0x10', '1e3', ' 5', '5 ', '5.0', '+5', '1_000', 'Infinity', 'NaN', '٣']) {
      expect({ page, answer: messageFor({ page }) }).toEqual({ page, answer: 'page must be a whole number' });
    }
    expect(messageFor({ limit: '0x10' })).toBe('limit must be a whole number');
    expect(messageFor({ page: ['1', '2'] })).toBe('page must be a whole number');
    expect(messageFor({ page: '0' })).toBe('page must be at least 1');
    expect(messageFor({ page: '-3' })).toBe('page must be at least 1');
    expect(messageFor({ page: '99999999999999999999' })).toBe('page must be at most 1000000');
    expect(messageFor({ page: '007', limit: '' })).toEqual({ page: 7, limit: 10 });
  });
});

describe('field schemas', () => {
  const cityName = nameSchema(
    {
      required: 'City name is required',
      min: 'City name must be at least 2 characters',
      max: 'City name cannot exceed 100 characters',
    },
    2,
  );

  it('gives the exact message for each length rule', () => {
    const messageFor = (input: unknown) => {
      const result = v.safeParse(cityName, input);
      return result.success ? null : result.issues[0].message;
    };
    expect(messageFor('')).toBe('City name is required');
    expect(messageFor('   ')).toBe('City name is required');
    expect(messageFor(undefined)).toBe('City name is required');
    expect(messageFor('J')).toBe('City name must be at least 2 characters');
    expect(messageFor('x'.repeat(101))).toBe('City name cannot exceed 100 characters');
    expect(messageFor('x'.repeat(100))).toBeNull();
    expect(v.parse(cityName, '  Salmiya ')).toBe('Salmiya');
  });

  it('takes whole fils or exact KD text, and says what is wrong with anything else', () => {
    const amount = moneySchema('Amount is required', 1, 'Amount must be greater than 0');
    const messageFor = (input: unknown) => {
      const result = v.safeParse(amount, input);
      return result.success ? null : result.issues[0].message;
    };
    expect(v.parse(amount, 1)).toBe(1);
    expect(v.parse(amount, '12.5')).toBe(12500);
    expect(v.parse(amount, ' 100 ')).toBe(100000);
    expect(v.parse(amount, '١٢٫٥٠٠')).toBe(12500);
    expect(v.parse(amount, '۰٫۰۰۱')).toBe(1);
    expect(messageFor('12,5')).toBe('Use a point for decimals');
    expect(messageFor('1,250.000')).toBe('Use a point for decimals');
    expect(messageFor('0.0001')).toBe('At most 3 decimals');
    expect(messageFor('12.3456')).toBe('At most 3 decimals');
    for (const text of ['abc', '1e3', '12.5.1', '.', 'NaN', '1 000'])
      expect(messageFor(text)).toBe('Enter an amount such as 12.500');
    expect(messageFor('1000000000')).toBe('Amount is too large');
    expect(messageFor(0)).toBe('Amount must be greater than 0');
    expect(messageFor('0.000')).toBe('Amount must be greater than 0');
    expect(messageFor(1.5)).toBe('Amounts are whole fils (thousandths of a KD)');
    // Only a missing or empty amount is "required".
    for (const missing of [null, undefined, '', '   ']) expect(messageFor(missing)).toBe('Amount is required');
  });

  it('gives amounts as Fils, and the money helpers take nothing else', () => {
    const price: Fils = v.parse(moneySchema('Price is required'), '1.5');
    expect(formatKd(price)).toBe('1.500 KD');
    // @ts-expect-error a KD figure is not an amount in fils: it does not compile, and fails if it runs.
    expect(() => formatKd(1.5)).toThrow(TypeError);
  });
});

describe('names', () => {
  const kindName = nameSchema({ required: 'Kind name is required', max: 'Kind name cannot exceed 100 characters' });
  const alternate = optionalNameSchema('Alternate name cannot exceed 100 characters');
  const messageFor = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? null : result.issues[0].message;
  };

  it('take tabs and line breaks pasted into them as one space each run, and trim them at the ends', () => {
    expect(v.parse(kindName, 'Al\tSabah\r\nTrading\u0085Co\u0007')).toBe('Al Sabah Trading Co');
    expect(v.parse(alternate, '\t\tشركة\tالكويت\n')).toBe('شركة الكويت');
    expect(messageFor(kindName, '\t\n')).toBe('Kind name is required');
  });

  it('are brought to NFC, so a name typed with a combining accent equals the precomposed one', () => {
    const decomposed = 'Cafe\u0301 Salmiya';
    expect(decomposed).not.toBe('Café Salmiya');
    expect(v.parse(kindName, decomposed)).toBe('Café Salmiya');
    expect(v.parse(alternate, ` ${decomposed} `)).toBe('Café Salmiya');
    // Arabic with its combining marks is already NFC and passes untouched.
    expect(v.parse(kindName, 'شركة الكويت')).toBe('شركة الكويت');
  });

  it('refuse zero-width, word-joiner, byte-order-mark and direction-control characters with one clear message', () => {
    const hidden = [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const character of hidden) {
      const code = character.codePointAt(0)!.toString(16);
      for (const name of [`Al${character}Ghanim`, `${character}Al Ghanim`, `Al Ghanim${character}`, character]) {
        expect({ code, answer: messageFor(kindName, name) }).toEqual({ code, answer: INVISIBLE_NAME_MESSAGE });
        expect({ code, answer: messageFor(alternate, name) }).toEqual({ code, answer: INVISIBLE_NAME_MESSAGE });
      }
    }
    expect(INVISIBLE_NAME_MESSAGE).toBe('Name cannot contain invisible or direction-control characters');
  });

  it('keep their other rules and messages', () => {
    expect(messageFor(kindName, '')).toBe('Kind name is required');
    expect(messageFor(kindName, 5)).toBe('Kind name is required');
    expect(messageFor(kindName, 'x'.repeat(101))).toBe('Kind name cannot exceed 100 characters');
    expect(v.parse(alternate, null)).toBeNull();
    expect(v.parse(alternate, undefined)).toBeUndefined();
    expect(v.parse(alternate, '')).toBe('');
    expect(messageFor(alternate, 'x'.repeat(101))).toBe('Alternate name cannot exceed 100 characters');
  });
});

describe('days', () => {
  const day = daySchema('Start date is required');
  const answer = (input: unknown) => {
    const result = v.safeParse(day, input);
    return result.success ? result.output : result.issues[0].message;
  };

  it('accept a calendar day or its UTC midnight, always answered as the UTC midnight', () => {
    for (const input of [
      '2026-01-31',
      '2026-01-31T00:00:00.000Z',
      '2026-01-31T00:00:00Z',
      '2026-01-31T00:00Z',
      '2026-01-31T00:00:00+00:00',
      '2024-02-29',
    ]) {
      expect(answer(input)).toBe(`${input.slice(0, 10)}T00:00:00.000Z`);
    }
  });

  it('answer a Day, which a calendar day is not', () => {
    const start: Day = v.parse(day, '2026-01-31');
    expect(formatDay(start)).toBe('31/01/2026');
    // @ts-expect-error a calendar day's text is not the wire form the records carry
    const notADay: Day = '2026-01-31';
    expect(notADay).not.toBe(start);
  });

  it('refuse impossible days, other times and offsets, padding and text as not a real date', () => {
    for (const input of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-01 ',
      ' 2026-01-01',
      'abc',
      '31/02/2026',
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:00:00Z',
      '2026-01-01T00:00:00+03:00',
      '2026-01-01x',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00.000Zjunk',
      '+002026-01-01',
    ]) {
      expect({ input, answer: answer(input) }).toEqual({ input, answer: 'Enter a real date (dd/mm/yyyy)' });
    }
    // Nothing given is still the field's own message: never "required" for a field that is not empty.
    for (const input of ['', 20260101, null]) {
      expect({ input, answer: answer(input) }).toEqual({ input, answer: 'Start date is required' });
    }
  });

  it('never reach a later rule: a schedule end date that is not a day is a field error, not a RangeError', () => {
    const schedule = {
      scheduleName: 'Monthly',
      customer: '9b2f0c1e-4a57-4d1c-9c53-1f6f8f1a2b3c',
      dateOfCreation: '2026-01-01',
      startDate: '2026-01-01',
      recurringPeriod: 1,
      totalAmount: 1000,
      products: [{ product: '5d3f2e1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f', quantity: 1, unitPrice: 1000 }],
    };
    for (const endDate of ['2026-02-30', '2026-01-01 ', 'abc', '2026-01-01T25:00:00Z']) {
      const result = v.safeParse(ScheduleInputSchema, { ...schedule, endDate });
      expect(result.success).toBe(false);
      expect(v.flatten(result.issues!).nested).toMatchObject({ endDate: [expect.any(String)] });
    }
    for (const startDate of ['abc', '2026-01-01T25:00:00Z']) {
      const result = v.safeParse(ScheduleInputSchema, { ...schedule, startDate, endDate: '2026-03-01' });
      expect(result.success).toBe(false);
      expect(v.flatten(result.issues!).nested).toEqual({ startDate: ['Enter a real date (dd/mm/yyyy)'] });
    }
    const ok = v.parse(ScheduleInputSchema, { ...schedule, endDate: '2026-03-01' });
    expect([ok.startDate, ok.endDate]).toEqual(['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
  });
});

describe('pagination', () => {
  it('counts pages and repeats them as totalPages', () => {
    expect(paginationOf(1, 10, 10_000)).toEqual({ page: 1, limit: 10, total: 10_000, pages: 1000, totalPages: 1000 });
    expect(paginationOf(1, 10, 0).pages).toBe(1);
    expect(paginationOf(2, 10, 11).pages).toBe(2);
  });
});

describe('one-line and multi-line texts', () => {
  const reference = optionalLine(100, 'Reference number cannot exceed 100 characters');
  const notes = optionalText(1000, 'Notes cannot exceed 1000 characters');

  it('keep a reference on one line, and notes with their lines', () => {
    expect(v.parse(reference, ' PO\t77\n ')).toBe('PO 77');
    expect(v.parse(reference, '\t')).toBe('');
    expect(v.parse(notes, 'first line\nsecond\tcolumn')).toBe('first line\nsecond\tcolumn');
  });
});
