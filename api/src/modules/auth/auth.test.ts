import { PERMISSIONS } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { TEST_USER, setUpApp } from '../../test';
import { auditMark } from '../users/testing';
import { onlyRow } from '../../db/rows';

const t = setUpApp();

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
const profile = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authorization ? { authorization } : {} });

describe('sign-in', () => {
  it('returns a token and the user, and the token opens the profile', async () => {
    const response = await login(TEST_USER.username, TEST_USER.password);
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body.user).toEqual({
      _id: expect.any(String),
      username: 'tester',
      name: 'Test User',
      role: 'admin',
      permissions: PERMISSIONS,
      mustChangePassword: false,
      // Not chosen yet: the browser's own choice stands.
      language: null,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await profile(`Bearer ${body.token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: { user: body.user } });
  });

  it('records the sign-in time and one audit entry naming the user', async () => {
    const mark = await auditMark(t.db);
    const response = await login(TEST_USER.username, TEST_USER.password);
    const { lastSignInAt } = onlyRow(
      await t.db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.username, 'tester')),
    );
    expect(Math.abs(lastSignInAt!.getTime() - t.config.now().getTime())).toBeLessThan(5_000);
    const entries = await mark();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: response.json().data.user._id,
      actorUsername: 'tester',
      action: 'sign-in',
      entityType: 'session',
      entityId: response.json().data.user._id,
      label: 'tester',
      changes: [],
    });
  });

  it('records a failed sign-in under the username as typed, with no actor id', async () => {
    const mark = await auditMark(t.db);
    expect((await login(' Nobody.Here ', 'wrong password', '10.0.9.1')).statusCode).toBe(401);
    const entries = await mark();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorUsername: 'Nobody.Here',
      action: 'sign-in-failed',
      entityType: 'session',
      entityId: null,
      label: 'Nobody.Here',
    });
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    expect((await login('  TESTER ', TEST_USER.password)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await login(TEST_USER.username, 'not the password', '10.0.0.2');
    const unknown = await login('nobody', TEST_USER.password, '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ requestId: expect.any(String), message: 'Invalid username or password' });
    // The same answer but for the request's own id.
    expect({ ...unknown.json(), requestId: 'x' }).toEqual({ ...wrong.json(), requestId: 'x' });
  });

  it('names each missing field with the sign-in messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      requestId: expect.any(String),
      message: 'Username is required',
      errors: { username: 'Username is required', password: 'Password is required' },
    });
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '   ', password: '' },
    });
    expect(blank.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });
});

describe('sessions', () => {
  it('refuses a request without a token, and a garbage token', async () => {
    expect((await profile()).json()).toEqual({ requestId: expect.any(String), message: 'Authentication required' });
    expect((await profile()).statusCode).toBe(401);
    const garbage = await profile('Bearer not-a-real-token');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ requestId: expect.any(String), message: 'Authentication required' });
    expect((await profile('Basic abc')).statusCode).toBe(401);
  });

  it('logout revokes the token at once', async () => {
    const headers = await t.login();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    const after = await profile(headers.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ requestId: expect.any(String), message: 'Authentication required' });
  });

  // Any writer: this API's services, another instance, a restore or SQL by hand. Each session is
  // read once before the change, as a signed-in user's page does, so a kept read would show.
  it('follows a change to the user or the session made in the database at once', async () => {
    const { authorization } = await t.signInAs('admin');
    const { username } = (await profile(authorization)).json().data.user;
    const usersList = () => t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization } });
    expect((await usersList()).statusCode).toBe(200);

    await t.db.update(users).set({ role: 'viewer' }).where(eq(users.username, username));
    expect((await usersList()).statusCode).toBe(403);
    expect((await profile(authorization)).json().data.user.role).toBe('viewer');

    await t.db.update(users).set({ active: false }).where(eq(users.username, username));
    expect((await profile(authorization)).statusCode).toBe(401);
    await t.db.update(users).set({ active: true }).where(eq(users.username, username));
    expect((await profile(authorization)).statusCode).toBe(200);

    await t.db.execute(
      sql`update sessions set revoked_at = now() where user_id = (select id from users where username = ${username})`,
    );
    expect((await profile(authorization)).statusCode).toBe(401);
  });

  it('ends a session whose user is deactivated while its requests are under way', async () => {
    for (let round = 0; round < 20; round++) {
      const { authorization } = await t.signInAs('viewer');
      const { username } = (await profile(authorization)).json().data.user;
      // Requests read the session before, during and after the deactivation's transaction.
      const deactivate = t.db.transaction(async (tx) => {
        await tx.update(users).set({ active: false }).where(eq(users.username, username));
      });
      const during = await Promise.all([
        profile(authorization),
        deactivate.then(() => profile(authorization)),
        profile(authorization),
      ]);
      expect(during[1]!.statusCode).toBe(401);
      expect((await profile(authorization)).statusCode).toBe(401);
    }
  });

  it('expires after the idle time, and use keeps it alive', async () => {
    const headers = await t.login();
    t.advanceClock(20 * 60_000);
    expect((await profile(headers.authorization)).statusCode).toBe(200);
    t.advanceClock(20 * 60_000); // 40 min since sign-in, 20 since last use
    expect((await profile(headers.authorization)).statusCode).toBe(200);
    t.advanceClock(31 * 60_000);
    const expired = await profile(headers.authorization);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ requestId: expect.any(String), message: 'Session expired' });
  });

  it('expires after the absolute lifetime even when used all along', async () => {
    const headers = await t.login();
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      expect((await profile(headers.authorization)).statusCode).toBe(200);
      t.advanceClock(25 * 60_000);
    }
    const expired = await profile(headers.authorization);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ requestId: expect.any(String), message: 'Session expired' });
  });
});
