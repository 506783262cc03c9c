/**
 * Counts failed sign-ins per key (a username, an address) in a fixed window that starts at the
 * first failure. In memory: right for one API instance; several instances each count their own.
 */
export class FailureCounter {
  private readonly entries = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): number {
    const entry = this.live(key);
    return entry && entry.count >= this.limit ? entry.until - this.now().getTime() : 0;
  }

  fail(key: string): void {
    const entry = this.live(key);
    if (entry) entry.count += 1;
    else {
      this.prune();
      this.entries.set(key, { count: 1, until: this.now().getTime() + this.windowMs });
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.until <= this.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  // Keeps memory bounded under a flood of distinct keys: drop the windows that have ended.
  private prune(): void {
    if (this.entries.size < 10_000) return;
    const now = this.now().getTime();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }
}
