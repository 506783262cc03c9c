import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MESSAGES } from '@admin/shared/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldError } from '../../http/errors';

// argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane (Algorithm.Argon2id is 2).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/** A generated password handed over once: 18 random bytes, 24 base64url characters. */
export const temporaryPassword = () => randomBytes(18).toString('base64url');

// The ~49,000 most used passwords of the leaked-password corpora (lower-case), from zxcvbn-ts.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/**
 * The rule the contract cannot check: a password on the common list, in any case, is refused
 * (400 on `field`). Length is the contract's NewPasswordSchema.
 */
export function refuseCommonPassword(field: string, password: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw fieldError(field, PASSWORD_MESSAGES.common);
}
