import { describe, expect, it } from '@rstest/core';
import { renderHook } from '@testing-library/react';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency';

describe('Idempotency-Key per submission', () => {
  it('is a random version-4 UUID', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('sending the same body again reuses the key (recorded once); a changed body gets a new one', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current({ customer: 'a', amount: 1000 });
    expect(result.current({ customer: 'a', amount: 1000 })).toBe(first);
    const changed = result.current({ customer: 'a', amount: 2000 });
    expect(changed).not.toBe(first);
    expect(result.current({ customer: 'a', amount: 2000 })).toBe(changed);
  });
});
