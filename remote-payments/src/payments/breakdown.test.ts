import { describe, expect, it } from '@rstest/core';
import { fils } from '@admin/shared/money';
import { breakdownOf } from './breakdown';

describe('breakdownOf', () => {
  it('without the advance, the whole total is paid in the chosen mode', () => {
    expect(breakdownOf([fils(1500), fils(2005)], false, fils(10_000))).toEqual({
      total: 3505,
      advanceUsed: 0,
      rest: 3505,
    });
  });

  it('the advance pays the smaller of the total and the balance', () => {
    expect(breakdownOf([fils(1500), fils(2005)], true, fils(1000))).toEqual({
      total: 3505,
      advanceUsed: 1000,
      rest: 2505,
    });
    expect(breakdownOf([fils(1500), fils(2005)], true, fils(9000))).toEqual({
      total: 3505,
      advanceUsed: 3505,
      rest: 0,
    });
  });

  it('amounts not typed yet count as nothing, and sums stay exact in fils', () => {
    expect(breakdownOf([null, fils(100), undefined, fils(200)], true, fils(0))).toEqual({
      total: 300,
      advanceUsed: 0,
      rest: 300,
    });
    // 0.1 KD + 0.2 KD is exactly 0.3 KD, not 0.30000000000000004.
    expect(breakdownOf([fils(100), fils(200)], false, fils(0)).total).toBe(300);
  });
});
