import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_MESSAGES,
  permissionsOf,
  type AuthUser,
  type ChangePasswordInput,
  type Language,
  type LoginInput,
  type LoginResponse,
  type Permission,
  type Role,
} from '@admin/shared/contract';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { recordEvent } from '../../audit/changes';
import { actorOf, appendAudit, SYSTEM_ACTOR } from '../../audit/trail';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/connect';
import { preparedPerDatabase } from '../../db/prepared';
import { staffKeepOf } from '../../db/driver/staff-keep';
import { sessions, users } from '../../db/schema';
import { fieldError, unauthorized } from '../../http/errors';
import { auditedUserStep, insertUser, readUser, staffColumns, USER_AUDIT, usernameTaken } from './user-record';
import { hashPassword, refuseCommonPassword, temporaryPassword, verifyPassword } from './passwords';
import { LoginThrottle } from './throttle';
import { onlyRow } from '../../db/rows';

// last_seen_at is written at most this often, so reads do not each cost a write.
const TOUCH_EVERY_MS = 60_000;

export const INVALID_LOGIN = 'Invalid username or password';
export const AUTH_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED = 'Session expired';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The session behind a token hash and its user: every request reads it, so it is prepared once
 * per database (built once, and on PostgreSQL planned once per connection).
 */
const sessionOfToken = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: { ...staffColumns, language: users.language },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_of_token'),
);
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionOfToken>['execute']>>[number];
const normaliseUsername = (username: string) => username.trim().toLowerCase();
const toAuthUser = (user: {
  id: string;
  username: string;
  name: string;
  role: Role;
  mustChangePassword: boolean;
  language: Language | null;
}): AuthUser => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  role: user.role,
  language: user.language,
  permissions: permissionsOf(user.role),
  mustChangePassword: user.mustChangePassword,
});

/** Ends a user's sessions at once, on every instance; `keepToken` spares the one making the call. */
export async function revokeSessions(tx: Transaction, userId: string, at: Date, keepToken?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
}

/**
 * Runs `use` with a session of the active user `userId` made for it and ended after it, so work
 * done with no caller (a job drawing a document as a staff member) reads with that member's rights
 * and no more. Undefined, without running `use`, when the user is unknown, inactive, must first
 * change their password or lacks `permission` (their session could not read what is needed).
 */
export async function withSessionOf<T>(
  db: Database,
  userId: string,
  permission: Permission,
  now: Date,
  use: (token: string) => Promise<T>,
): Promise<T | undefined> {
  const [user] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true), eq(users.mustChangePassword, false)));
  if (!user || !permissionsOf(user.role).includes(permission)) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now });
  try {
    return await use(token);
  } finally {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    this.throttle = new LoginThrottle(db, config);
  }

  /** A user with a password of their own (tests and scripts; staff are created through UserService). */
  async createUser(input: { username: string; name: string; password: string; role?: Role }): Promise<AuthUser> {
    const username = normaliseUsername(input.username);
    const id = await insertUser(this.db, {
      username,
      name: input.name,
      role: input.role ?? 'admin',
      passwordHash: await hashPassword(input.password),
      mustChangePassword: false,
    });
    if (!id) throw usernameTaken(username);
    return toAuthUser({ ...(await readUser(this.db, id)), id, language: null });
  }

  async login({ username, password }: LoginInput, ip: string): Promise<LoginResponse> {
    const now = this.config.now();
    const key = normaliseUsername(username);
    const attempt = await this.throttle.begin(key, ip, now);
    const [user] = await this.db.select().from(users).where(eq(users.username, key));
    // An unknown user costs one hash verification too, so timing does not reveal which usernames exist.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.getDummyHash()), password);
    if (!user || !passwordOk || !user.active) {
      await this.db.transaction(async (tx) => {
        await this.throttle.failed(tx, now);
        // Named as typed: the trail shows what was tried, whether or not such a user exists.
        await appendAudit(tx, { id: null, username }, [
          { action: 'sign-in-failed', entityType: 'session', entityId: null, label: username },
        ]);
      });
      throw unauthorized(INVALID_LOGIN);
    }

    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await this.throttle.succeeded(tx, attempt, user.id, ip, now);
      // Sessions past their absolute lifetime can never be used again: drop them as new ones start.
      await tx.delete(sessions).where(lt(sessions.createdAt, this.absoluteCutoff(now)));
      await tx
        .insert(sessions)
        .values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now });
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
      await appendAudit(tx, { id: user.id, username: user.username }, [
        { action: 'sign-in', entityType: 'session', entityId: user.id, label: user.username },
      ]);
    });
    return { token, user: toAuthUser(user) };
  }

  /** The user behind a bearer token; refreshes the idle timer. 401 when missing, unknown, revoked or expired. */
  async authenticate(token: string | undefined): Promise<AuthUser> {
    if (!token) throw unauthorized(AUTH_REQUIRED);
    const tokenHash = hashToken(token);
    const read = async (): Promise<SessionRow | undefined> => (await sessionOfToken(this.db).execute({ tokenHash }))[0];
    // PGlite keeps the rows it has read until users or sessions change (db/driver/staff-keep.ts).
    const keep = staffKeepOf<SessionRow>(this.db);
    const row = await (keep ? keep.read(tokenHash, read) : read());
    // A deactivated user's sessions stop at once, on every instance: the check reads the database
    // (on PGlite, the one instance, a row kept only until users or sessions change).
    if (!row || row.session.revokedAt || !row.user.active) throw unauthorized(AUTH_REQUIRED);

    const now = this.config.now();
    const idleLimit = this.config.sessionIdleMinutes * 60_000;
    if (
      row.session.createdAt <= this.absoluteCutoff(now) ||
      now.getTime() - row.session.lastSeenAt.getTime() >= idleLimit
    ) {
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
   * One's own password: the current one must verify, the new one must differ and not be common.
   * Clears the temporary-password mark and ends the user's other sessions; `token`'s stays.
   */
  async changePassword(
    user: AuthUser,
    token: string,
    { currentPassword, newPassword }: ChangePasswordInput,
  ): Promise<AuthUser> {
    const { passwordHash } = onlyRow(
      await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user._id)),
      'the signed-in user',
    );
    if (!(await verifyPassword(passwordHash, currentPassword)))
      throw fieldError('currentPassword', PASSWORD_MESSAGES.currentWrong);
    if (newPassword === currentPassword) throw fieldError('newPassword', PASSWORD_MESSAGES.sameAsCurrent);
    refuseCommonPassword('newPassword', newPassword);
    const newHash = await hashPassword(newPassword);
    const after = await auditedUserStep(this.db, actorOf(user), user._id, 'password-change', async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: newHash, mustChangePassword: false, updatedAt: sql`now()` })
        .where(eq(users.id, user._id));
      await revokeSessions(tx, user._id, this.config.now(), token);
    });
    return toAuthUser({ ...after, id: after._id, language: user.language });
  }

  /**
   * One's own language for the screens, kept on the user so every browser they sign in on speaks
   * it. Recorded in the trail like their password change; choosing the language they have already
   * records nothing.
   */
  async setLanguage(user: AuthUser, language: Language): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = onlyRow(
        await tx.select({ language: users.language }).from(users).where(eq(users.id, user._id)).for('update'),
        'the signed-in user',
      );
      if (current.language === language) return;
      await tx
        .update(users)
        .set({ language, updatedAt: sql`now()` })
        .where(eq(users.id, user._id));
      await appendAudit(tx, actorOf(user), [
        {
          action: 'update',
          entityType: USER_AUDIT.entityType,
          entityId: user._id,
          label: user.username,
          changes: [{ field: 'language', before: current.language, after: language }],
        },
      ]);
    });
  }

  /**
   * The first start creates `admin`. Returns the password only when it was generated here, so
   * the caller can hand it to the operator once. Safe when several instances start together.
   */
  async ensureInitialAdmin(password?: string): Promise<{ created: boolean; generatedPassword?: string }> {
    const [anyUser] = await this.db.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return { created: false };
    const chosen = password ?? temporaryPassword();
    const passwordHash = await hashPassword(chosen);
    const created = await this.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        username: 'admin',
        name: 'Administrator',
        role: 'admin',
        passwordHash,
        mustChangePassword: false,
      });
      if (id) await appendAudit(tx, SYSTEM_ACTOR, [recordEvent(USER_AUDIT, 'create', null, await readUser(tx, id))]);
      return Boolean(id);
    });
    if (!created) return { created: false };
    return { created: true, generatedPassword: password ? undefined : chosen };
  }

  private absoluteCutoff(now: Date): Date {
    return new Date(now.getTime() - this.config.sessionAbsoluteHours * 3_600_000);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
