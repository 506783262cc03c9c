import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { verifyPassword } from './passwords';
import type { AuthService } from './service';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';
export const INITIAL_ADMIN = 'admin';

/**
 * The first start creates the `admin` account. Its password comes from ADMIN_PASSWORD, or is
 * generated and written once to DATA_DIR/initial-admin-password (readable by the owner only),
 * on PostgreSQL too. Returns the line to print for the operator: who signs in and where their
 * password is, never the password itself (a terminal's scrollback and a service's log keep it).
 */
export async function ensureInitialAdmin(auth: AuthService, config: Config): Promise<string> {
  const { created, generatedPassword } = await auth.ensureInitialAdmin(config.adminPassword);
  const file = join(config.dataDir, INITIAL_PASSWORD_FILE);
  if (generatedPassword) writeFileSync(file, `${generatedPassword}\n`, { mode: 0o600 });
  if (created && !generatedPassword) return 'Sign in as admin with the password from ADMIN_PASSWORD.';
  if (existsSync(file)) return `Sign in as admin with the password in ${file} (deleted once admin chooses their own).`;
  return 'Sign in with your own account.';
}

/**
 * Deletes DATA_DIR/initial-admin-password once it no longer opens the `admin` account: the admin
 * chose their own password (or another admin reset it). A password that still works stays on
 * disk no longer than needed. Called after each password change of `admin` and at every start
 * (on PostgreSQL, each instance checks its own folder). A database without `admin` leaves the
 * file alone: it may belong to another database. Returns whether it deleted the file.
 */
export async function forgetReplacedInitialPassword(db: Database, dataDir: string): Promise<boolean> {
  const file = join(dataDir, INITIAL_PASSWORD_FILE);
  if (!existsSync(file)) return false;
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, INITIAL_ADMIN));
  if (!admin) return false;
  let stillOpens: boolean;
  try {
    stillOpens = await verifyPassword(admin.passwordHash, readFileSync(file, 'utf8').trim());
  } catch {
    return false;
  }
  if (stillOpens) return false;
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}
