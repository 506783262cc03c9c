import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sessions, users } from '../db/schema';
import { AuthService } from '../modules/auth/service';
import { createTestApp, type TestApp } from '../test/harness';
import { ensureInitialAdmin, forgetReplacedInitialPassword, INITIAL_PASSWORD_FILE } from './initial-admin';

let t: TestApp;
let dataDir: string;
let file: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'initial-admin-file-'));
  file = join(dataDir, INITIAL_PASSWORD_FILE);
  t = await createTestApp({ dataDir, adminPassword: undefined });
  // An empty database, as on a first start.
  await t.db.delete(sessions);
  await t.db.delete(users);
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

describe('the generated first-admin password on disk', () => {
  it('stays while it still opens the admin account, and is deleted when admin chooses their own', async () => {
    await ensureInitialAdmin(new AuthService(t.db, t.config), t.config);
    const generated = readFileSync(file, 'utf8').trim();
    // A restart while admin has not changed it: kept.
    expect(await forgetReplacedInitialPassword(t.db, dataDir)).toBe(false);
    expect(existsSync(file)).toBe(true);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: generated } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers, payload: { currentPassword: 'not it at all', newPassword: 'the admin chose this one' } });
    expect(wrong.statusCode).toBe(400);
    expect(existsSync(file)).toBe(true);

    const changed = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers, payload: { currentPassword: generated, newPassword: 'the admin chose this one' } });
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
