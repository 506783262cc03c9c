import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { auditMark } from '../users/testing';
import { TEST_USER, setUpApp } from '../../test';

const t = setUpApp();

const choose = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/language', headers, payload: payload as object });
const profile = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).json().data.user;

describe('PUT /auth/language', () => {
  it('keeps the chosen language on the user: the profile and the next sign-in carry it', async () => {
    const headers = await t.signInAs('viewer', 'reader');
    expect((await profile(headers)).language).toBeNull();
    expect((await choose(headers, { language: 'ar' })).statusCode).toBe(204);
    expect((await profile(headers)).language).toBe('ar');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'reader', password: TEST_USER.password },
    });
    expect(login.json().data.user.language).toBe('ar');
    expect((await choose(headers, { language: 'en' })).statusCode).toBe(204);
    expect((await profile(headers)).language).toBe('en');
  });

  it('records a change in the audit trail, and nothing when the language stays the same', async () => {
    const headers = await t.signInAs('sales', 'switcher');
    const mark = await auditMark(t.db);
    await choose(headers, { language: 'ar' });
    await choose(headers, { language: 'ar' });
    const entries = (await mark()).filter((entry) => entry.entityType === 'user');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      actorUsername: 'switcher',
      label: 'switcher',
      changes: [{ field: 'language', before: null, after: 'ar' }],
    });
  });

  it('refuses anything but English or Arabic, in the language asked for', async () => {
    const headers = await t.signInAs('viewer');
    for (const payload of [{ language: 'fr' }, {}, { language: 'ar', extra: 1 }, { language: null }]) {
      expect((await choose(headers, payload)).statusCode).toBe(400);
    }
    expect((await choose(headers, { language: 'fr' })).json()).toMatchObject({
      message: 'Choose English or Arabic',
      errors: { language: 'Choose English or Arabic' },
    });
    const arabic = await choose({ ...headers, 'accept-language': 'ar-KW' }, { language: 'fr' });
    expect(arabic.json().message).toBe('اختر الإنجليزية أو العربية');
    expect((await profile(headers)).language).toBeNull();
  });

  it('is open to any signed-in user, a temporary password included, and to no one else', async () => {
    expect((await choose({}, { language: 'ar' })).statusCode).toBe(401);
    expect(t.app.apiRoutes.find((route) => route.url === '/api/auth/language')?.access).toEqual({ ownAccount: true });
    const headers = await t.signInAs('viewer', 'newcomer');
    await t.db.execute(sql`update users set must_change_password = true where username = 'newcomer'`);
    expect((await choose(headers, { language: 'ar' })).statusCode).toBe(204);
  });
});
