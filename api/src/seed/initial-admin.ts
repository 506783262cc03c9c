import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { AuthService } from '../modules/auth/service';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/**
 * The first start creates the `admin` account. Its password comes from ADMIN_PASSWORD, or is
 * generated and written once to DATA_DIR/initial-admin-password (readable by the owner only),
 * on PostgreSQL too. Returns the line to print for the operator.
 */
export async function ensureInitialAdmin(auth: AuthService, config: Config): Promise<string> {
  const { created, generatedPassword } = await auth.ensureInitialAdmin(config.adminPassword);
  if (!created) return 'Sign in with your existing account.';
  if (!generatedPassword) return 'Created user "admin" with the password from ADMIN_PASSWORD.';
  const file = join(config.dataDir, INITIAL_PASSWORD_FILE);
  writeFileSync(file, `${generatedPassword}\n`, { mode: 0o600 });
  return `Created user "admin" with password: ${generatedPassword}\n  (also saved in ${file})`;
}
