import * as v from 'valibot';

/** Sign-in form and POST /auth/login body. Messages are SPEC.md section 5's. */
export const LoginSchema = v.strictObject({
  username: v.pipe(
    v.string('Username is required'),
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
export interface AuthUser {
  _id: string;
  username: string;
  name: string;
}

/** POST /auth/login answer. */
export interface LoginResponse {
  token: string;
  user: AuthUser;
}

/** GET /auth/profile answer. */
export interface ProfileResponse {
  user: AuthUser;
}
