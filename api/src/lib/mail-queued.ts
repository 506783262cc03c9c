/**
 * A nudge to this process's mail worker: a message written or a mail server saved goes within
 * moments instead of at the next poll. Without a running worker (tests, MAIL_POLL_SECONDS=0) it
 * does nothing; the poll of any instance still delivers.
 */
const listeners = new Set<() => void>();

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function mailQueued(): void {
  for (const listener of listeners) listener();
}
