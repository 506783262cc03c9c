import { describe, expect, it } from '@rstest/core';
import { pickCyclic } from './pick-cyclic';

describe('pickCyclic', () => {
  it('counts round the list', () => {
    expect([0, 1, 2, 3, 4].map((i) => pickCyclic(['a', 'b', 'c'], i))).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it('refuses an empty list', () => {
    expect(() => pickCyclic([], 2)).toThrow('No item 2 round a list of 0');
  });
});
