import * as v from 'valibot';
import { LANGUAGES, LanguageSchema } from './languages';
import { PERMISSIONS } from './permissions';
import { ROLES } from './roles';

/** Sign-in form and POST /auth/login body. */
export const LoginSchema = v.strictObject({
  username: v.pipe(
    v.string('Username is required'),
    // As usernames are created (users.ts): é typed as e + U+0301 is the same username.
    v.normalize('NFC'),
    v.trim(),
    v.nonEmpty('Username is required'),
    v.maxLength(100, 'Username cannot exceed 100 characters'),
  ),
  // Not trimmed: spaces are part of a password. Bounded so hashing work stays bounded.
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    v.maxLength(1024, 'Password cannot exceed 1024 characters'),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** The signed-in user as login and profile return it. */
export const AuthUserSchema = v.strictObject({
  _id: v.string(),
  username: v.string(),
  name: v.string(),
  role: v.picklist(ROLES),
  /** What this user may do; the screens hide everything else. */
  permissions: v.array(v.picklist(PERMISSIONS)),
  /** Signed in with a temporary password: the password must be changed before anything else. */
  mustChangePassword: v.boolean(),
  /**
   * The language the user chose in the user menu; the screens switch to it at sign-in. null until
   * they choose: the browser's choice (or its own language) stands.
   */
  language: v.nullable(v.picklist(LANGUAGES)),
});
export type AuthUser = v.InferOutput<typeof AuthUserSchema>;

/** PUT /auth/language: the signed-in user's language, kept on the user. Answers 204. */
export const LanguageChoiceSchema = v.strictObject({ language: LanguageSchema });
export type LanguageChoice = v.InferOutput<typeof LanguageChoiceSchema>;

export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: 'Password cannot exceed 1024 characters',
  common: 'This password is too common. Choose one that is harder to guess',
  sameAsCurrent: 'The new password must differ from the current one',
  currentWrong: 'Current password is incorrect',
} as const;

/** A password a person chooses (the list of common passwords is checked by the API). */
export const NewPasswordSchema = v.pipe(
  v.string(PASSWORD_MESSAGES.newRequired),
  v.nonEmpty(PASSWORD_MESSAGES.newRequired),
  v.minLength(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort),
  v.maxLength(1024, PASSWORD_MESSAGES.tooLong),
);

/** POST /auth/password: one's own password; the user's other sessions end. */
export const ChangePasswordSchema = v.strictObject({
  currentPassword: v.pipe(v.string(PASSWORD_MESSAGES.currentRequired), v.nonEmpty(PASSWORD_MESSAGES.currentRequired)),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/** POST /auth/login answer. */
export const LoginResponseSchema = v.strictObject({ token: v.string(), user: AuthUserSchema });
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

/** GET /auth/profile answer. */
export const ProfileResponseSchema = v.strictObject({ user: AuthUserSchema });
export type ProfileResponse = v.InferOutput<typeof ProfileResponseSchema>;
