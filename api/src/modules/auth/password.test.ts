import { PASSWORD_MESSAGES } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { TEST_USER, setUpApp } from '../../test';
import { auditMark } from '../users/testing';

const t = setUpApp();

const signIn = async (username: string, password: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  return { status: response.statusCode, headers: { authorization: `Bearer ${response.json().data?.token}` } };
};
const changePassword = (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password', headers, payload });
const profile = (headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

describe('changing one’s own password', () => {
  it('refuses a wrong current password, a short, common or unchanged new one, each on its field, recording nothing', async () => {
    const { headers } = await signIn('tester', TEST_USER.password);
    const mark = await auditMark(t.db);
    const cases: [object, string, string][] = [
      [
        { currentPassword: 'not my password', newPassword: 'a brand new password' },
        'currentPassword',
        PASSWORD_MESSAGES.currentWrong,
      ],
      [{ currentPassword: TEST_USER.password, newPassword: 'short one' }, 'newPassword', PASSWORD_MESSAGES.tooShort],
      [{ currentPassword: TEST_USER.password, newPassword: 'QWERTY123456' }, 'newPassword', PASSWORD_MESSAGES.common],
      [
        { currentPassword: TEST_USER.password, newPassword: TEST_USER.password },
        'newPassword',
        PASSWORD_MESSAGES.sameAsCurrent,
      ],
      [{ newPassword: 'a brand new password' }, 'currentPassword', PASSWORD_MESSAGES.currentRequired],
      [{ currentPassword: TEST_USER.password }, 'newPassword', PASSWORD_MESSAGES.newRequired],
    ];
    for (const [payload, field, message] of cases) {
      const response = await changePassword(headers, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual({ requestId: expect.any(String), message, errors: { [field]: message } });
    }
    expect(await mark()).toEqual([]);
    expect((await signIn('tester', TEST_USER.password)).status).toBe(200);
  });

  it('ends the user’s other sessions but not the one making the change, and records one entry', async () => {
    const user = await t.signInAs('sales', 'changer');
    const elsewhere = (await signIn('changer', TEST_USER.password)).headers;
    const mark = await auditMark(t.db);
    const response = await changePassword(user, {
      currentPassword: TEST_USER.password,
      newPassword: 'my own new passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ username: 'changer', role: 'sales', mustChangePassword: false });

    expect((await profile(user)).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await signIn('changer', TEST_USER.password)).status).toBe(401);
    expect((await signIn('changer', 'my own new passphrase')).status).toBe(200);

    const entries = (await mark()).filter((entry) => entry.entityType === 'user');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'password-change',
      actorId: response.json().data.user._id,
      actorUsername: 'changer',
      entityId: response.json().data.user._id,
      label: 'changer',
      changes: [],
    });
    expect(JSON.stringify(entries)).not.toContain('my own new passphrase');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', newPassword: 'y' },
    });
    expect(response.statusCode).toBe(401);
  });
});
