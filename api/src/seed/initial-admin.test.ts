import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from '@rstest/core';
import { users } from '../db/schema';
import { AuthService } from '../modules/auth/service';
import { setUpFirstStart } from '../test';
import {
  ensureInitialAdmin,
  forgetReplacedInitialPassword,
  INITIAL_PASSWORD_FILE,
} from '../modules/auth/initial-admin';

const dataDir = mkdtempSync(join(tmpdir(), 'initial-admin-file-'));
const file = join(dataDir, INITIAL_PASSWORD_FILE);
const t = setUpFirstStart({ dataDir, adminPassword: undefined });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the generated first-admin password on disk', () => {
  it('stays while it still opens the admin account, and is deleted when admin chooses their own', async () => {
    await ensureInitialAdmin(new AuthService(t.db, t.config), t.config);
    const generated = readFileSync(file, 'utf8').trim();
    // A restart while admin has not changed it: kept.
    expect(await forgetReplacedInitialPassword(t.db, dataDir)).toBe(false);
    expect(existsSync(file)).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: generated },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: 'not it at all', newPassword: 'the admin chose this one' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(existsSync(file)).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: generated, newPassword: 'the admin chose this one' },
    });
    expect(changed.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('is deleted at start when its password no longer opens admin (changed on another instance, or reset)', async () => {
    writeFileSync(file, 'an old generated password\n', { mode: 0o600 });
    expect(await forgetReplacedInitialPassword(t.db, dataDir)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('is left alone by a database without admin: it may belong to another one', async () => {
    writeFileSync(file, 'belongs elsewhere\n', { mode: 0o600 });
    await t.db.update(users).set({ username: 'former-admin' }).where(eq(users.username, 'admin'));
    expect(await forgetReplacedInitialPassword(t.db, dataDir)).toBe(false);
    expect(existsSync(file)).toBe(true);
  });
});
