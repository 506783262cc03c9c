import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { ensureInitialAdmin, INITIAL_PASSWORD_FILE } from './initial-admin';
import { setUpFirstStart } from '../../test';
import { auditMark } from '../users/testing';
import { AuthService } from './service';

const t = setUpFirstStart();
const dataDir = mkdtempSync(join(tmpdir(), 'initial-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the first start', () => {
  it('creates one admin with a generated password, written for the operator alone, and records it', async () => {
    const auth = new AuthService(t.db, t.config);
    const mark = await auditMark(t.db);
    const line = await ensureInitialAdmin(auth, { ...t.config, adminPassword: undefined, dataDir });
    const file = join(dataDir, INITIAL_PASSWORD_FILE);
    const password = readFileSync(file, 'utf8').trim();
    // The operator is told where the password is, not the password.
    expect(line).toBe(`Sign in as admin with the password in ${file} (deleted once admin chooses their own).`);
    expect(line).not.toContain(password);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ username: 'admin', role: 'admin', mustChangePassword: false });
    const [created] = await mark();
    expect(created).toMatchObject({
      actorId: null,
      actorUsername: 'system',
      action: 'create',
      entityType: 'user',
      label: 'admin',
    });

    expect(await ensureInitialAdmin(auth, { ...t.config, dataDir })).toBe(line);
    rmSync(file);
    expect(await ensureInitialAdmin(auth, { ...t.config, dataDir })).toBe('Sign in with your own account.');
  });
});
