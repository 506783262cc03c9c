import { and, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/connect';
import { loginFailures, signInAddresses, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { onlyRow } from '../../db/rows';
import type { BlockList } from 'node:net';
import { DEFAULT_TRUSTED_PROXIES, isTrustedProxy, trustedProxies } from '../../http/trusted-proxies';

/** How long an address a user signed in from keeps them clear of the per-account limit. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

/**
 * Fastify's trustProxy for `hops` reverse proxies: the client address is the X-Forwarded-For
 * entry that many hops from the right, so entries a client forges on the left are never read.
 * Each hop trusted must also come from one of `proxies`: a client that reaches the API's port
 * directly, past the proxy, is known by its own address whatever header it sends.
 * A function, because Fastify 5.12 ignores a plain number (it then trusts no hop at all).
 */
export function proxyHopTrust(
  hops: number,
  proxies: BlockList = trustedProxies(DEFAULT_TRUSTED_PROXIES),
): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (address, hop) => hop < hops && isTrustedProxy(proxies, address) : false;
}

function tooManyAttempts(waitMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const [count, unit] = minutes < 60 ? [minutes, 'minute'] : [Math.ceil(minutes / 60), 'hour'];
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`,
  );
}

/** One limit: at most `limit` failures matching `where` in the last `windowMs`. */
interface Scope {
  where: SQL | undefined;
  limit: number;
  windowMs: number;
}

/**
 * Failed sign-ins, counted in the database (login_failures) so every API instance sees the same
 * counts and a restart resets nothing. Three limits: per username and address, per address, and
 * a slower one per username from everywhere, which the addresses its owner signed in from lately
 * do not meet.
 */
export class LoginThrottle {
  private readonly shortWindowMs: number;
  private readonly accountWindowMs: number;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    this.shortWindowMs = config.loginThrottleMinutes * 60_000;
    this.accountWindowMs = config.loginAccountThrottleHours * 3_600_000;
  }

  /**
   * Counts the attempt as a failure before the password is checked, so parallel guesses cannot
   * all pass the limit before any of them is recorded; a 429 (the attempt uncounted) while any
   * limit is reached. Returns the attempt's row, which `succeeded` removes.
   */
  async begin(username: string, ip: string, now: Date): Promise<string> {
    const attempt = onlyRow(
      await this.db.insert(loginFailures).values({ username, ip, failedAt: now }).returning({ id: loginFailures.id }),
    );
    const [accountIp, byIp, account] = this.scopes(username, ip);
    const [accountIpWait, ipWait, accountWait] = await Promise.all([
      this.waitFor(accountIp, now),
      this.waitFor(byIp, now),
      this.waitFor(account, now),
    ]);
    const accountBlocks = accountWait > 0 && !(await this.isKnownAddress(username, ip, now));
    const waitMs = Math.max(accountIpWait, ipWait, accountBlocks ? accountWait : 0);
    if (waitMs > 0) {
      await this.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
      throw tooManyAttempts(waitMs);
    }
    return attempt.id;
  }

  /** The attempt was not a failure; its address now keeps the user clear of the per-account limit. */
  async succeeded(tx: Transaction, attemptId: string, userId: string, ip: string, now: Date): Promise<void> {
    await tx.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    await tx
      .delete(signInAddresses)
      .where(lte(signInAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)));
    await tx
      .insert(signInAddresses)
      .values({ userId, ip, lastSignInAt: now })
      .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.ip], set: { lastSignInAt: now } });
  }

  /** The attempt stays counted; failures older than the longest window can no longer count and go. */
  async failed(tx: Transaction, now: Date): Promise<void> {
    const longest = Math.max(this.shortWindowMs, this.accountWindowMs);
    await tx.delete(loginFailures).where(lte(loginFailures.failedAt, new Date(now.getTime() - longest)));
  }

  /** Per username and address, per address, per username. */
  private scopes(username: string, ip: string): [Scope, Scope, Scope] {
    const { loginFailuresPerAccountIp, loginFailuresPerIp, loginFailuresPerAccount } = this.config;
    const byAccount = eq(loginFailures.username, username);
    const byIp = eq(loginFailures.ip, ip);
    return [
      { where: and(byAccount, byIp), limit: loginFailuresPerAccountIp, windowMs: this.shortWindowMs },
      { where: byIp, limit: loginFailuresPerIp, windowMs: this.shortWindowMs },
      { where: byAccount, limit: loginFailuresPerAccount, windowMs: this.accountWindowMs },
    ];
  }

  /**
   * Milliseconds until the scope allows another attempt, counting the one just recorded: over
   * the limit while `limit` earlier failures are in the window, so the wait ends when the
   * limit-th most recent of them leaves it.
   */
  private async waitFor({ where, limit, windowMs }: Scope, now: Date): Promise<number> {
    const [oldestCounted] = await this.db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.failedAt, new Date(now.getTime() - windowMs))))
      .orderBy(desc(loginFailures.failedAt))
      .offset(limit)
      .limit(1);
    return oldestCounted ? oldestCounted.failedAt.getTime() + windowMs - now.getTime() : 0;
  }

  private async isKnownAddress(username: string, ip: string, now: Date): Promise<boolean> {
    const [known] = await this.db
      .select({ ip: signInAddresses.ip })
      .from(signInAddresses)
      .innerJoin(users, eq(users.id, signInAddresses.userId))
      .where(
        and(
          eq(users.username, username),
          eq(signInAddresses.ip, ip),
          gt(signInAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
        ),
      )
      .limit(1);
    return Boolean(known);
  }
}
