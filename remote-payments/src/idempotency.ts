import { useRef } from 'react';
import { newIdempotencyKey } from '@admin/shared/api';

/**
 * The Idempotency-Key for a dialog's submission. Sending the same body again (a retry after a
 * timeout, a second click) reuses the key, so the server records the money once; a changed body
 * is a new request with a new key.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}
