import { describe, expect, it } from '@rstest/core';
import * as v from 'valibot';
import { filsSchema, ListQuerySchema, nameSchema, paginationOf } from './common';

describe('list query', () => {
  it('reads page and limit from the query string with defaults', () => {
    expect(v.parse(ListQuerySchema, {})).toEqual({ page: 1, limit: 10 });
    expect(v.parse(ListQuerySchema, { page: '3', limit: '50', search: ' ali ' })).toEqual({ page: 3, limit: 50, search: 'ali' });
  });

  it('refuses limits above 1000, non-numbers and unknown parameters', () => {
    expect(v.safeParse(ListQuerySchema, { limit: '1001' }).success).toBe(false);
    expect(v.safeParse(ListQuerySchema, { page: 'two' }).success).toBe(false);
    expect(v.safeParse(ListQuerySchema, { sort: 'x' }).success).toBe(false);
  });
});

describe('field schemas', () => {
  const cityName = nameSchema(
    { required: 'City name is required', min: 'City name must be at least 2 characters', max: 'City name cannot exceed 100 characters' },
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

  it('accepts only whole fils', () => {
    const amount = filsSchema('Amount is required', 1, 'Amount must be greater than 0');
    expect(v.safeParse(amount, 1).success).toBe(true);
    expect(v.safeParse(amount, 0).success).toBe(false);
    expect(v.safeParse(amount, 1.5).success).toBe(false);
    expect(v.safeParse(amount, '100').success).toBe(false);
  });
});

describe('pagination', () => {
  it('counts pages and repeats them as totalPages', () => {
    expect(paginationOf(1, 10, 10_000)).toEqual({ page: 1, limit: 10, total: 10_000, pages: 1000, totalPages: 1000 });
    expect(paginationOf(1, 10, 0).pages).toBe(1);
    expect(paginationOf(2, 10, 11).pages).toBe(2);
  });
});
