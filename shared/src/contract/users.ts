import * as v from 'valibot';
import { ListQueryEntries, nameSchema, queryFilter, StampEntries } from './common';
import { sortEntries } from './list-order';
import { NewPasswordSchema } from './auth';
import { ROLES } from './roles';

/** The users list's sortable columns (the host's own list, apart from the areas' in list-sorts.ts). */
export const USER_SORTS = ['username', 'name', 'role', 'createdAt'] as const;
export const USER_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameFormat: 'Username may contain letters, digits, dots, dashes and underscores only',
  usernameTooLong: 'Username cannot exceed 50 characters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name cannot exceed 100 characters',
  roleRequired: 'Role is required',
  usernameTaken: (username: string) => `A user named "${username}" already exists`,
  lastAdmin: 'At least one active admin must remain: make another user an active admin first',
  notSelf: 'You cannot deactivate your own account',
  email: 'Enter an e-mail address such as name@company.com',
} as const;

const role = v.picklist(ROLES, USER_MESSAGES.roleRequired);

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;
/**
 * A colleague's e-mail: where the requests they may approve, and the answers to their own, are
 * sent. Absent, null or empty: none.
 */
const staffEmail = v.optional(
  v.nullable(
    v.pipe(
      v.string(USER_MESSAGES.email),
      v.trim(),
      v.maxLength(254, USER_MESSAGES.email),
      v.check((text) => text === '' || EMAIL.test(text), USER_MESSAGES.email),
      v.transform((text) => text || null),
    ),
  ),
  null,
);

/** POST /users. Without a password a temporary one is generated and returned once. */
export const UserCreateSchema = v.strictObject({
  username: v.pipe(
    v.string(USER_MESSAGES.usernameRequired),
    // One form, as for names: é typed as e + U+0301 is the letter the format below accepts.
    v.normalize('NFC'),
    v.trim(),
    v.nonEmpty(USER_MESSAGES.usernameRequired),
    v.maxLength(50, USER_MESSAGES.usernameTooLong),
    v.regex(/^[\p{L}\p{N}._-]+$/u, USER_MESSAGES.usernameFormat),
    v.toLowerCase(),
  ),
  name: nameSchema({ required: USER_MESSAGES.nameRequired, max: USER_MESSAGES.nameTooLong }),
  role,
  email: staffEmail,
  password: v.optional(NewPasswordSchema),
});
export type UserCreateInput = v.InferOutput<typeof UserCreateSchema>;

/** PUT /users/{id}: the username never changes (the audit trail names people by it). */
export const UserUpdateSchema = v.strictObject({
  name: nameSchema({ required: USER_MESSAGES.nameRequired, max: USER_MESSAGES.nameTooLong }),
  role,
  active: v.boolean('Active must be true or false'),
  email: staffEmail,
});
export type UserUpdateInput = v.InferOutput<typeof UserUpdateSchema>;

/** GET /users: page, limit, search (username or name), role. */
export const UserListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  role: queryFilter(v.picklist(ROLES, 'Invalid role')),
  ...sortEntries(USER_SORTS),
});
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;

/** A staff user as the API answers one: exactly these fields (never a password or its hash). */
export const StaffUserSchema = v.strictObject({
  ...StampEntries,
  username: v.string(),
  name: v.string(),
  role: v.picklist(ROLES),
  active: v.boolean(),
  email: v.nullable(v.string()),
  mustChangePassword: v.boolean(),
  lastSignInAt: v.nullable(v.string()),
});
export type StaffUser = v.InferOutput<typeof StaffUserSchema>;

/** POST /users answer's data; `temporaryPassword` only when the API generated one (shown once). */
export const UserCreatedResponseSchema = v.strictObject({
  user: StaffUserSchema,
  temporaryPassword: v.optional(v.string()),
});
export type UserCreatedResponse = v.InferOutput<typeof UserCreatedResponseSchema>;

/** POST /users/{id}/reset-password answer's data (shown once). */
export const PasswordResetResponseSchema = v.strictObject({ temporaryPassword: v.string() });
export type PasswordResetResponse = v.InferOutput<typeof PasswordResetResponseSchema>;
