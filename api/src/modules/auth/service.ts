import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { permissionsOf, type AuthUser, type LoginInput, type LoginResponse, type Role } from '@admin/shared/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { sessions, users } from '../../db/schema';
import { HttpError, unauthorized } from '../../http/errors';
import { FailureCounter } from './throttle';

// argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane (Algorithm.Argon2id is 2).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// last_seen_at is written at most this often, so reads do not each cost a write.
const TOUCH_EVERY_MS = 60_000;

export const INVALID_LOGIN = 'Invalid username or password';
export const AUTH_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED = 'Session expired';

export const hashPassword = (password: string) => hash(password, ARGON2);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const normaliseUsername = (username: string) => username.trim().toLowerCase();
const toAuthUser = (user: { id: string; username: string; name: string; role: Role; mustChangePassword: boolean }): AuthUser => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  role: user.role,
  permissions: permissionsOf(user.role),
  mustChangePassword: user.mustChangePassword,
});

export class AuthService {
  private readonly perUser: FailureCounter;
  private readonly perIp: FailureCounter;
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    const windowMs = config.loginThrottleMinutes * 60_000;
    this.perUser = new FailureCounter(config.loginFailuresPerUser, windowMs, config.now);
    this.perIp = new FailureCounter(config.loginFailuresPerIp, windowMs, config.now);
  }

  async createUser(input: { username: string; name: string; password: string; role?: Role }): Promise<AuthUser> {
    const [user] = await this.db
      .insert(users)
      .values({
        username: normaliseUsername(input.username),
        name: input.name,
        role: input.role ?? 'admin',
        passwordHash: await hashPassword(input.password),
      })
      .returning();
    return toAuthUser(user);
  }

  async login({ username, password }: LoginInput, ip: string): Promise<LoginResponse> {
    const userKey = normaliseUsername(username);
    this.refuseWhileThrottled(userKey, ip);
    const [user] = await this.db.select().from(users).where(eq(users.username, userKey));
    // An unknown user costs one hash verification too, so timing does not reveal which usernames exist.
    const passwordOk = await verify(user?.passwordHash ?? (await this.getDummyHash()), password);
    if (!user || !passwordOk || !user.active) {
      this.perUser.fail(userKey);
      this.perIp.fail(ip);
      throw unauthorized(INVALID_LOGIN);
    }
    this.perUser.clear(userKey);

    const token = randomBytes(32).toString('base64url');
    const now = this.config.now();
    await this.db.transaction(async (tx) => {
      // Sessions past their absolute lifetime can never be used again: drop them as new ones start.
      await tx.delete(sessions).where(lt(sessions.createdAt, this.absoluteCutoff(now)));
      await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now });
    });
    return { token, user: toAuthUser(user) };
  }

  /** The user behind a bearer token; refreshes the idle timer. 401 when missing, unknown, revoked or expired. */
  async authenticate(token: string | undefined): Promise<AuthUser> {
    if (!token) throw unauthorized(AUTH_REQUIRED);
    const [row] = await this.db
      .select({
        session: sessions,
        user: { id: users.id, username: users.username, name: users.name, role: users.role, active: users.active, mustChangePassword: users.mustChangePassword },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    // A deactivated user's sessions stop at once, on every instance: the check reads the database.
    if (!row || row.session.revokedAt || !row.user.active) throw unauthorized(AUTH_REQUIRED);

    const now = this.config.now();
    const idleLimit = this.config.sessionIdleMinutes * 60_000;
    if (row.session.createdAt <= this.absoluteCutoff(now) || now.getTime() - row.session.lastSeenAt.getTime() >= idleLimit) {
      throw unauthorized(SESSION_EXPIRED);
    }
    if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    return toAuthUser(row.user);
  }

  async logout(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.config.now() })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  }

  /**
   * The first start creates `admin`. Returns the password only when it was generated here, so
   * the caller can hand it to the operator once. Safe when several instances start together.
   */
  async ensureInitialAdmin(password?: string): Promise<{ created: boolean; generatedPassword?: string }> {
    const [anyUser] = await this.db.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return { created: false };
    const chosen = password ?? randomBytes(12).toString('base64url');
    const inserted = await this.db
      .insert(users)
      .values({ username: 'admin', name: 'Administrator', passwordHash: await hashPassword(chosen) })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!inserted.length) return { created: false };
    return { created: true, generatedPassword: password ? undefined : chosen };
  }

  private refuseWhileThrottled(userKey: string, ip: string): void {
    const waitMs = Math.max(this.perUser.blockedFor(userKey), this.perIp.blockedFor(ip));
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  private absoluteCutoff(now: Date): Date {
    return new Date(now.getTime() - this.config.sessionAbsoluteHours * 3_600_000);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
