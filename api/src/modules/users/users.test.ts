import { PASSWORD_MESSAGES, USER_MESSAGES, type StaffUser } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { TEST_USER, setUpApp, setUpSession } from '../../test';
import { CHANGE_PASSWORD_FIRST } from '../auth/routes';
import { auditMark } from './testing';
import { onlyRow } from '../../db/rows';

const t = setUpApp();
const admin = setUpSession(t);

type Method = 'GET' | 'POST' | 'PUT';
const call = (headers: { authorization: string }, method: Method, url: string, payload?: object, app = t.app) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const signIn = (username: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const bearer = (response: { json(): { data: { token: string } } }) => ({
  authorization: `Bearer ${response.json().data.token}`,
});

async function createUser(body: object): Promise<{ user: StaffUser; temporaryPassword?: string }> {
  const response = await call(admin, 'POST', '/users', body);
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

describe('creating users', () => {
  it('generates a temporary password, returned once, that must be changed before anything else', async () => {
    const mark = await auditMark(t.db);
    const { user: data, temporaryPassword } = await createUser({
      username: 'Clerk.One',
      name: 'Clerk One',
      role: 'accountant',
    });
    expect(data).toEqual({
      _id: expect.any(String),
      username: 'clerk.one',
      name: 'Clerk One',
      role: 'accountant',
      active: true,
      email: null,
      mustChangePassword: true,
      lastSignInAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const [entry] = await mark();
    expect(await mark()).toHaveLength(1);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'user',
      entityId: data._id,
      label: 'clerk.one',
      actorUsername: 'tester',
    });
    expect(entry?.changes).toEqual([
      { field: 'username', before: null, after: 'clerk.one' },
      { field: 'name', before: null, after: 'Clerk One' },
      { field: 'role', before: null, after: 'accountant' },
      { field: 'active', before: null, after: true },
      { field: 'email', before: null, after: null },
      { field: 'mustChangePassword', before: null, after: true },
    ]);
    expect(JSON.stringify(entry)).not.toContain(temporaryPassword);

    const clerk = bearer(await signIn('clerk.one', temporaryPassword!));
    const blocked = await call(clerk, 'GET', '/customers');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ requestId: expect.any(String), message: CHANGE_PASSWORD_FIRST });
    expect((await call(clerk, 'GET', '/auth/profile')).json().data.user.mustChangePassword).toBe(true);

    const changed = await call(clerk, 'POST', '/auth/password', {
      currentPassword: temporaryPassword,
      newPassword: 'clerk one chose this',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user).toMatchObject({ username: 'clerk.one', mustChangePassword: false });
    expect((await call(clerk, 'GET', '/customers')).statusCode).toBe(200);
  });

  it('takes a chosen password that passes the password rules, with nothing to change', async () => {
    const withPassword = (name: string, password: string) =>
      call(admin, 'POST', '/users', { username: `pw-${name.toLowerCase()}`, name, role: 'viewer', password });
    for (const [name, password, message] of [
      ['Short', 'too short', PASSWORD_MESSAGES.tooShort],
      ['Common', 'Password1234', PASSWORD_MESSAGES.common],
    ] as const) {
      const refused = await withPassword(name, password);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toEqual({ requestId: expect.any(String), message, errors: { password: message } });
    }

    const created = await withPassword('Chosen', 'a chosen long password');
    expect(created.statusCode).toBe(201);
    expect(created.json().data.temporaryPassword).toBeUndefined();
    expect(created.json().data.user.mustChangePassword).toBe(false);
    expect((await signIn('pw-chosen', 'a chosen long password')).statusCode).toBe(200);
  });

  it('refuses a username taken in any case with 409 on the field, and records nothing', async () => {
    await createUser({ username: 'alice', name: 'Alice', role: 'sales' });
    const mark = await auditMark(t.db);
    const response = await call(admin, 'POST', '/users', {
      username: ' ALICE ',
      name: 'Another Alice',
      role: 'viewer',
    });
    expect(response.statusCode).toBe(409);
    const message = USER_MESSAGES.usernameTaken('alice');
    expect(response.json()).toEqual({ requestId: expect.any(String), message, errors: { username: message } });
    expect(await mark()).toEqual([]);
  });

  it('names each invalid field', async () => {
    const response = await call(admin, 'POST', '/users', { username: 'no spaces allowed', name: '', role: 'boss' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: USER_MESSAGES.usernameFormat,
      name: USER_MESSAGES.nameRequired,
      role: USER_MESSAGES.roleRequired,
    });
    const email = await call(admin, 'POST', '/users', {
      username: 'mail.less',
      name: 'M',
      role: 'viewer',
      email: 'not-an-address',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual({ email: USER_MESSAGES.email });
  });
});

describe('listing users', () => {
  it('pages newest first and searches username and name, filtered by role', async () => {
    await createUser({ username: 'list-a', name: 'Zebra Keeper', role: 'viewer' });
    await createUser({ username: 'zebra-b', name: 'List B', role: 'sales' });
    const page = await call(admin, 'GET', '/users?search=zebra&limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      data: [expect.objectContaining({ username: 'zebra-b' })],
      pagination: { page: 1, limit: 1, total: 2, pages: 2, totalPages: 2 },
    });
    const viewers = await call(admin, 'GET', '/users?search=zebra&role=viewer');
    expect(viewers.json().data.map((u: StaffUser) => u.username)).toEqual(['list-a']);
    expect(JSON.stringify((await call(admin, 'GET', '/users?limit=1000')).json())).not.toContain('password');
  });

  it('reads one user, 404 for an unknown or malformed id, and only for admins', async () => {
    const { user: data } = await createUser({ username: 'one-user', name: 'One', role: 'viewer' });
    expect((await call(admin, 'GET', `/users/${data._id}`)).json()).toEqual({ data });
    expect((await call(admin, 'GET', '/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/users/not-an-id')).statusCode).toBe(404);
    const accountant = await t.signInAs('accountant');
    expect((await call(accountant, 'GET', '/users')).json()).toEqual({
      requestId: expect.any(String),
      message: 'You do not have permission to view users',
    });
    expect((await call(accountant, 'POST', '/users', { username: 'x', name: 'X', role: 'admin' })).statusCode).toBe(
      403,
    );
  });
});

describe('editing users', () => {
  it('records only the fields that changed, before and after', async () => {
    const { user: data } = await createUser({ username: 'edit-me', name: 'Edit Me', role: 'viewer' });
    const mark = await auditMark(t.db);
    const response = await call(admin, 'PUT', `/users/${data._id}`, {
      name: 'Edited',
      role: 'sales',
      active: true,
      email: ' edited@example.test ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: data._id,
      username: 'edit-me',
      name: 'Edited',
      role: 'sales',
      active: true,
      email: 'edited@example.test',
    });
    const entries = await mark();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      entityType: 'user',
      entityId: data._id,
      label: 'edit-me',
      actorUsername: 'tester',
    });
    expect(entries[0]?.changes).toEqual([
      { field: 'name', before: 'Edit Me', after: 'Edited' },
      { field: 'role', before: 'viewer', after: 'sales' },
      { field: 'email', before: null, after: 'edited@example.test' },
    ]);
  });

  it('deactivating ends every session at once, on another instance too', async () => {
    await createUser({ username: 'leaver', name: 'Leaver', role: 'sales', password: 'the leaver password' });
    const other = await t.anotherInstance();
    const onThis = bearer(await signIn('leaver', 'the leaver password'));
    const onOther = bearer(await signIn('leaver', 'the leaver password', other));
    expect((await call(onOther, 'GET', '/customers', undefined, other)).statusCode).toBe(200);

    const { id } = onlyRow(await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'leaver')));
    const mark = await auditMark(t.db);
    const off = await call(admin, 'PUT', `/users/${id}`, { name: 'Leaver', role: 'sales', active: false });
    expect(off.statusCode).toBe(200);
    for (const [headers, app] of [
      [onOther, other],
      [onThis, t.app],
    ] as const) {
      const refused = await call(headers, 'GET', '/customers', undefined, app);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ requestId: expect.any(String), message: 'Authentication required' });
    }
    expect((await signIn('leaver', 'the leaver password', other)).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt))),
    ).toEqual([]);
    const entries = (await mark()).filter((entry) => entry.entityType === 'user');
    expect(entries.map((entry) => entry.changes)).toEqual([[{ field: 'active', before: true, after: false }]]);

    // Reactivation does not bring the old sessions back.
    await call(admin, 'PUT', `/users/${id}`, { name: 'Leaver', role: 'sales', active: true });
    expect((await call(onOther, 'GET', '/customers', undefined, other)).statusCode).toBe(401);
    expect((await signIn('leaver', 'the leaver password', other)).statusCode).toBe(200);
  });

  it('404 for a user that does not exist', async () => {
    const response = await call(admin, 'PUT', '/users/00000000-0000-4000-8000-000000000000', {
      name: 'X',
      role: 'viewer',
      active: true,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('resetting a password', () => {
  it('hands out a temporary password once, refuses the old one and ends the sessions', async () => {
    const { user: data } = await createUser({
      username: 'forgetful',
      name: 'Forgetful',
      role: 'viewer',
      password: 'i will forget this',
    });
    const session = bearer(await signIn('forgetful', 'i will forget this'));
    const mark = await auditMark(t.db);
    const reset = await call(admin, 'POST', `/users/${data._id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const { temporaryPassword } = reset.json().data;
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await call(session, 'GET', '/auth/profile')).statusCode).toBe(401);
    expect((await signIn('forgetful', 'i will forget this')).statusCode).toBe(401);
    const fresh = await signIn('forgetful', temporaryPassword);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.mustChangePassword).toBe(true);

    const entries = (await mark()).filter((entry) => entry.entityType === 'user');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'password-reset',
      entityId: data._id,
      label: 'forgetful',
      actorUsername: 'tester',
    });
    expect(entries[0]?.changes).toEqual([{ field: 'mustChangePassword', before: false, after: true }]);
    expect(JSON.stringify(entries)).not.toContain(temporaryPassword);
  });

  it('404 for a user that does not exist', async () => {
    expect((await call(admin, 'POST', '/users/00000000-0000-4000-8000-000000000000/reset-password')).statusCode).toBe(
      404,
    );
  });
});

describe('the last active admin', () => {
  let keeper: { authorization: string };
  let keeperId: string;
  let secondId: string;
  const activeAdmins = async () =>
    (
      await t.db
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    )
      .map((u) => u.username)
      .sort();
  const idOf = async (username: string) =>
    onlyRow(await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)), username).id;

  beforeAll(async () => {
    keeper = await t.signInAs('admin', 'keeper');
    keeperId = await idOf('keeper');
    await t.signInAs('admin', 'second');
    secondId = await idOf('second');
    // Only keeper and second stay admins.
    const others = await t.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)));
    for (const user of others.filter((u) => !['keeper', 'second'].includes(u.username))) {
      const response = await call(keeper, 'PUT', `/users/${user.id}`, {
        name: user.name,
        role: 'viewer',
        active: true,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await activeAdmins()).toEqual(['keeper', 'second']);
  });

  it('cannot be demoted or deactivated, and nothing changes', async () => {
    const notSelf = await call(keeper, 'PUT', `/users/${keeperId}`, { name: 'A admin', role: 'admin', active: false });
    expect(notSelf.statusCode).toBe(409);
    expect(notSelf.json().message).toBe(USER_MESSAGES.notSelf);

    expect(
      (await call(keeper, 'PUT', `/users/${secondId}`, { name: 'A admin', role: 'viewer', active: true })).statusCode,
    ).toBe(200);
    const before = await t.db.select().from(users).where(eq(users.id, keeperId));
    const mark = await auditMark(t.db);
    for (const change of [
      { role: 'sales', active: true },
      { role: 'admin', active: false },
      { role: 'viewer', active: false },
    ]) {
      const response = await call(keeper, 'PUT', `/users/${keeperId}`, { name: 'Renamed', ...change });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ requestId: expect.any(String), message: USER_MESSAGES.lastAdmin });
    }
    expect(await t.db.select().from(users).where(eq(users.id, keeperId))).toEqual(before);
    expect(await mark()).toEqual([]);
    expect((await call(keeper, 'GET', '/users')).statusCode).toBe(200);
  });

  it('survives two admins demoting or deactivating each other at the same moment, on two instances', async () => {
    const other = await t.anotherInstance();
    for (const change of [
      { role: 'viewer', active: true },
      { role: 'admin', active: false },
    ]) {
      await t.db
        .update(users)
        .set({ role: 'admin', active: true })
        .where(inArray(users.id, [keeperId, secondId]));
      const one = bearer(await signIn('keeper', TEST_USER.password));
      const two = bearer(await signIn('second', TEST_USER.password, other));
      const statuses = (
        await Promise.all([
          call(one, 'PUT', `/users/${secondId}`, { name: 'A admin', ...change }),
          call(two, 'PUT', `/users/${keeperId}`, { name: 'A admin', ...change }, other),
        ])
      ).map((response) => response.statusCode);
      // The loser is refused by the rule (409), or by the guard when the winner committed before it was let in.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.every((status) => [200, 401, 403, 409].includes(status))).toBe(true);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});
