import { describe, expect, it } from '@rstest/core';
import { onlyRow, rowsOf } from './rows';

describe('onlyRow', () => {
  it('returns the first row', () => {
    expect(onlyRow([{ n: 3 }])).toEqual({ n: 3 });
  });

  it('names what returned no row', () => {
    expect(() => onlyRow([], 'the customer insert')).toThrow('Expected a row from the customer insert, got none');
    expect(() => onlyRow([])).toThrow('Expected a row from the statement, got none');
  });
});

describe('rowsOf', () => {
  it("reads a raw statement's rows", () => {
    expect(rowsOf<{ n: number }>({ rows: [{ n: 1 }], fields: [] })).toEqual([{ n: 1 }]);
  });
});
