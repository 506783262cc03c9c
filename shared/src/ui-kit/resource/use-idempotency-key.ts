import { useState } from 'react';
import { idempotencyKeyPerBody } from '@admin/shared/api';

/** The Idempotency-Key for each body a dialog sends (same body, same key); a new one per mount. */
export function useIdempotencyKey(): (body: unknown) => string {
  return useState(idempotencyKeyPerBody)[0];
}
