/**
 * A nudge from a write to this process's invoice jobs: an invoice saved past its due date, or a
 * deleted payment that re-opened one, is made overdue within moments instead of at the next
 * interval. The job still does the change (as the system, exactly once); without a running job
 * (tests, SCHEDULER=off) the nudge does nothing.
 */
const listeners = new Set<() => void>();

export function onInvoicesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function invoicesChanged(): void {
  for (const listener of listeners) listener();
}
