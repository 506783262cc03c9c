/** The header a money-creating POST carries; a repeated key returns the first answer and records nothing new. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random version-4 UUID; getRandomValues works on plain-http pages too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte, index) => {
    // The version (4) in byte 6's high nibble, the RFC 4122 variant in byte 8's two high bits.
    const fixed = index === 6 ? (byte & 0x0f) | 0x40 : index === 8 ? (byte & 0x3f) | 0x80 : byte;
    return fixed.toString(16).padStart(2, '0');
  }).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The keys one dialog's submissions carry: the same body again (a retry after a lost answer, a
 * second click) reuses its key, so the server records the money once; a changed body is a new
 * request with a new key. Make one per dialog opening.
 */
export function idempotencyKeyPerBody(): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
    return last.key;
  };
}
