import {
  USER_MESSAGES,
  type PasswordResetResponse,
  type StaffUser,
  type UserCreatedResponse,
  type UserCreateInput,
  type UserListQuery,
  type UserUpdateInput,
} from '@admin/shared/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../audit/trail';
import { AuditedWrites } from '../../audit/writes';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/connect';
import { users } from '../../db/schema';
import { defineList, searchAcross, type Listing, type ListOrder } from '../../lists';
import { conflict } from '../../http/errors';
import { hashPassword, refuseCommonPassword, temporaryPassword } from '../auth/passwords';
import { revokeSessions } from '../auth/service';
import {
  auditedUserStep,
  insertUser,
  readUser,
  staffColumns,
  toStaffUser,
  USER_AUDIT,
  usernameTaken,
} from '../auth/user-record';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';

// Taken by every change that could leave no active admin, so two such changes cannot each see
// the other's admin as the one that remains. An advisory lock rather than row locks on the
// admins: the changed user's row is already locked, and locking other rows after it could deadlock.

/** Newest first, as created. */
const USER_ORDER: ListOrder<NonNullable<UserListQuery['sort']>> = {
  columns: { username: users.username, name: users.name, role: users.role, createdAt: users.createdAt },
  byDefault: { sort: ['createdAt'], order: 'desc' },
  id: users.id,
};

function filterOf(query: UserListQuery): SQL | undefined {
  return and(
    searchAcross(query.search, [users.username, users.name]),
    query.role ? eq(users.role, query.role) : undefined,
  );
}

/** 409 when `id` is the only active admin, whom the change would demote or deactivate. */
async function keepAnActiveAdmin(tx: Transaction, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.adminSet})`);
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .limit(2);
  if (admins.length === 1 && admins[0]?.id === id) throw conflict(USER_MESSAGES.lastAdmin);
}

const USER_LIST = defineList({
  id: users.id,
  select: (db: Database) => db.select(staffColumns).from(users).$dynamic(),
  where: filterOf,
  order: USER_ORDER,
  readWithJoins: 'every page',
  rows: (found) => found.map(toStaffUser),
});

/** Staff accounts: who may sign in, with which role. Every write appends its audit entry. */
export class UserService {
  private readonly writes: AuditedWrites<StaffUser>;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    this.writes = new AuditedWrites(db, users, USER_AUDIT, (id, tx) => readUser(tx, id));
  }

  list(query: UserListQuery): Listing<StaffUser> {
    return USER_LIST.read(this.db, query);
  }

  get(id: string): Promise<StaffUser> {
    return readUser(this.db, id);
  }

  /** Without a password, a temporary one is generated, returned once, and must be changed at first sign-in. */
  async create(actor: Actor, input: UserCreateInput): Promise<UserCreatedResponse> {
    if (input.password) refuseCommonPassword('password', input.password);
    const generated = input.password ? undefined : temporaryPassword();
    const passwordHash = await hashPassword(input.password ?? generated!);
    const user = await this.writes.create(actor, async (tx) => {
      const { username, name, role, email } = input;
      const id = await insertUser(tx, {
        username,
        name,
        role,
        email,
        passwordHash,
        mustChangePassword: Boolean(generated),
      });
      if (!id) throw usernameTaken(input.username);
      return id;
    });
    return generated ? { user, temporaryPassword: generated } : { user };
  }

  /** Deactivating ends the user's sessions at once; the last active admin stays one. */
  update(actor: Actor, id: string, input: UserUpdateInput): Promise<StaffUser> {
    return this.writes.update(actor, id, async (tx) => {
      if (input.role !== 'admin' || !input.active) await keepAnActiveAdmin(tx, id);
      if (id === actor.id && !input.active) throw conflict(USER_MESSAGES.notSelf, { active: USER_MESSAGES.notSelf });
      await tx
        .update(users)
        .set({ name: input.name, role: input.role, active: input.active, email: input.email, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      if (!input.active) await revokeSessions(tx, id, this.config.now());
    });
  }

  /** A new temporary password, shown once; the user's sessions end and they must choose their own. */
  async resetPassword(actor: Actor, id: string): Promise<PasswordResetResponse> {
    const generated = temporaryPassword();
    const passwordHash = await hashPassword(generated);
    await auditedUserStep(this.db, actor, id, 'password-reset', async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: true, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      await revokeSessions(tx, id, this.config.now());
    });
    return { temporaryPassword: generated };
  }
}
