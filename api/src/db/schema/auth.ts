import { LANGUAGES, ROLES } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, listSql, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-case: usernames are unique and sign-in is case-insensitive. */
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('admin'),
    /** A deactivated user cannot sign in and their sessions stop working at once. */
    active: boolean('active').notNull().default(true),
    /** Where approvals to give and the answers to one's own requests are sent; null: none. */
    email: text('email'),
    /** Set by a generated (temporary) password; cleared when the user chooses their own. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** The language the user chose for the screens; null until they choose (the browser's stands). */
    language: text('language', { enum: LANGUAGES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ${listSql(ROLES)}`),
    check('users_language_check', sql`${t.language} in ${listSql(LANGUAGES)}`),
  ],
);

/** Bearer sessions. Only the SHA-256 of a token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_created_at_idx').on(t.createdAt)],
);

/**
 * Failed sign-ins, one row each, in the database so every API instance counts the same attempts
 * and a restart forgets nothing. Rows older than the longest throttle window are deleted as new ones come.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** The username as typed (lower-cased), whether or not such a user exists. */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('login_failures_username_idx').on(t.username, t.failedAt),
    index('login_failures_ip_idx').on(t.ip, t.failedAt),
    index('login_failures_failed_at_idx').on(t.failedAt),
  ],
);

/**
 * The addresses each user has signed in from lately. When a username has too many failures from
 * everywhere, sign-in stays open from these, so guessing from many addresses cannot lock its
 * owner out. Rows not renewed for 30 days are deleted at the next successful sign-in.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);
