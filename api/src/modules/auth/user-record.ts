import { USER_MESSAGES, type AuditAction, type Role, type StaffUser } from '@admin/shared/contract';
import { eq } from 'drizzle-orm';
import { recordEvent, type AuditedKind } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/** Every column but the password hash, which never leaves the auth code. */
export const staffColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  role: users.role,
  active: users.active,
  email: users.email,
  mustChangePassword: users.mustChangePassword,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type StaffRow = { [K in keyof typeof staffColumns]: (typeof users.$inferSelect)[K] };

export function toStaffUser(row: StaffRow): StaffUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    active: row.active,
    email: row.email,
    mustChangePassword: row.mustChangePassword,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Users in the trail are named by username; a sign-in is not an edit of the user. */
export const USER_AUDIT: AuditedKind<StaffUser> = {
  entityType: 'user',
  label: (user) => user.username,
  ignore: ['lastSignInAt'],
};

export async function readUser(db: Database, id: string): Promise<StaffUser> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return toStaffUser(row);
}

export function usernameTaken(username: string) {
  const message = USER_MESSAGES.usernameTaken(username);
  return conflict(message, { username: message });
}

/**
 * Inserts a user and returns its id, or undefined when the username is taken. Usernames are
 * stored lower-case, so the unique constraint holds in any case.
 */
export async function insertUser(
  db: Database,
  values: {
    username: string;
    name: string;
    role: Role;
    email?: string | null;
    passwordHash: string;
    mustChangePassword: boolean;
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  return row?.id;
}

/**
 * A step on one user that is not a plain edit (a password reset or change), in one transaction
 * that ends with its audit entry: the row is locked and read before and after `write`.
 */
export function auditedUserStep(
  db: Database,
  actor: Actor,
  id: string,
  action: AuditAction,
  write: (tx: Transaction) => Promise<unknown>,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    const before = await readUser(tx, id);
    await write(tx);
    const after = await readUser(tx, id);
    await appendAudit(tx, actor, [recordEvent(USER_AUDIT, action, before, after)]);
    return after;
  });
}
