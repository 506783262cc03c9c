import { describe, expect, it } from '@rstest/core';
import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from './idempotency';

describe('Idempotency-Key per submission', () => {
  it('sending the same body again reuses the key (recorded once); a changed body gets a new one', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current({ customer: 'a', amount: 1000 });
    expect(result.current({ customer: 'a', amount: 1000 })).toBe(first);
    const changed = result.current({ customer: 'a', amount: 2000 });
    expect(changed).not.toBe(first);
    expect(result.current({ customer: 'a', amount: 2000 })).toBe(changed);
  });
});
