import { describe, expect, it } from '@rstest/core';
import { idempotencyKeyPerBody } from './idempotency';

describe('Idempotency-Key per submission', () => {
  it('sending the same body again reuses the key (recorded once); a changed body gets a new one', () => {
    const keyFor = idempotencyKeyPerBody();
    const first = keyFor({ customer: 'a', amount: 1000 });
    expect(keyFor({ customer: 'a', amount: 1000 })).toBe(first);
    const changed = keyFor({ customer: 'a', amount: 2000 });
    expect(changed).not.toBe(first);
    expect(keyFor({ customer: 'a', amount: 2000 })).toBe(changed);
  });

  it('another dialog opening starts with a new key for the same body', () => {
    expect(idempotencyKeyPerBody()({ amount: 1 })).not.toBe(idempotencyKeyPerBody()({ amount: 1 }));
  });
});
