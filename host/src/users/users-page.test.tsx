import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import { USER_MESSAGES, type StaffUser } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, list, openDialog, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { UsersPage } from './users-page';

const ADMIN: StaffUser = {
  _id: 'u1',
  username: 'admin',
  name: 'Administrator',
  role: 'admin',
  active: true,
  email: null,
  mustChangePassword: false,
  lastSignInAt: '2026-11-21T11:05:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The users API over an in-memory list. */
function usersApi(rows: StaffUser[]) {
  return fakeApi({
    'GET /users': () => list(rows),
    'POST /users': (request) => {
      const body = request.body as Pick<StaffUser, 'username' | 'name' | 'role'>;
      if (rows.some((r) => r.username === body.username)) {
        return { status: 409, body: { message: USER_MESSAGES.usernameTaken(body.username) } };
      }
      const user = { ...ADMIN, ...body, _id: `u${rows.length + 1}`, mustChangePassword: true, lastSignInAt: null };
      rows.push(user);
      return { status: 201, body: { data: { user, temporaryPassword: 'Tmp-4821-kite-Lamp' } } };
    },
    'PUT /users/u2': (request) => {
      const [, sam] = rows;
      if (!sam) throw new Error('PUT /users/u2 edits the second user of the list');
      Object.assign(sam, request.body);
      return { body: { data: sam } };
    },
    'POST /users/u2/reset-password': () => ({ body: { data: { temporaryPassword: 'Reset-7730-moss-Pine' } } }),
  });
}

const table = () => screen.getByRole('table', { name: 'Users' });

describe('the users page', () => {
  let server: ReturnType<typeof fakeApi> | undefined;
  beforeEach(() => {
    // As the host starts: failed calls show the API's message as a toast.
    configureApi({ notifyError });
    queryClient.clear();
    signInAs('admin');
  });

  it('lists username, name, role, status and last sign-in', async () => {
    server = usersApi([
      ADMIN,
      { ...ADMIN, _id: 'u2', username: 'sam', name: 'Sam', role: 'sales', active: false, lastSignInAt: null },
    ]);
    renderAt(<UsersPage />, '/users');
    const sam = (await within(table()).findByText('sam')).closest('tr')!;
    expect([...sam.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'sam',
      'Sam',
      'Sales',
      'Inactive',
      'Never',
    ]);
    const admin = within(table()).getByText('admin').closest('tr')!;
    expect(admin.textContent).toContain('21/11/2026 14:05');
    expect(within(sam).getByRole('button', { name: 'Reactivate sam' })).toBeTruthy();
  });

  it('a new account shows its temporary password once, with Copy', async () => {
    const rows = [ADMIN];
    server = usersApi(rows);
    renderAt(<UsersPage />, '/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const form = await openDialog({ name: 'Add New User' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'Sam' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Sam Seller' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'sales' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await openDialog({ name: 'Temporary password for Sam Seller' });
    expect((within(shown).getByLabelText('Temporary password') as HTMLInputElement).value).toBe('Tmp-4821-kite-Lamp');
    expect(
      within(shown).getByText(
        'This password will not be shown again. They will be asked to choose their own when they sign in with it.',
      ),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    // The username is stored as the contract lower-cases it; no password is sent, so one is generated.
    expect(server.sent.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'sam',
      name: 'Sam Seller',
      role: 'sales',
      email: null,
    });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByLabelText('Temporary password')).toBeNull());
  });

  it("a taken username keeps the dialog open with the API's message", async () => {
    server = usersApi([ADMIN]);
    renderAt(<UsersPage />, '/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const form = await openDialog({ name: 'Add New User' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Another' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'viewer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(USER_MESSAGES.usernameTaken('admin'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeTruthy();
  });

  it('editing changes name, role, active and e-mail, never the username', async () => {
    server = usersApi([ADMIN, { ...ADMIN, _id: 'u2', username: 'sam', name: 'Sam', role: 'sales' }]);
    renderAt(<UsersPage />, '/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit sam' }));
    const form = await openDialog({ name: 'Edit User' });
    expect(within(form).queryByLabelText('Username')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'accountant' } });
    const email = within(form).getByLabelText('E-mail', { exact: false });
    fireEvent.change(email, { target: { value: 'no address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByText('Enter an e-mail address such as name@company.com')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'sam@company.com' } });
    const active = await within(form).findByLabelText('Active');
    fireEvent.click(active);
    // The switch reports the change a moment later; its state shows once the form holds it.
    await waitFor(() => expect(active.closest('label')?.getAttribute('data-state')).toBe('unchecked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Sam',
      role: 'accountant',
      active: false,
      email: 'sam@company.com',
    });
  });

  it('deactivating asks first, then sends the account inactive', async () => {
    server = usersApi([ADMIN, { ...ADMIN, _id: 'u2', username: 'sam', name: 'Sam', role: 'sales' }]);
    renderAt(<UsersPage />, '/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate sam' }));
    const question = await openDialog({ name: 'Deactivate user' }, 'alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeTruthy();
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Sam',
      role: 'sales',
      active: false,
      email: null,
    });
  });

  it('a reset shows the new temporary password', async () => {
    server = usersApi([ADMIN, { ...ADMIN, _id: 'u2', username: 'sam', name: 'Sam', role: 'sales' }]);
    renderAt(<UsersPage />, '/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password of sam' }));
    const question = await openDialog({ name: 'Reset password' }, 'alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Reset password' }));
    const shown = await openDialog({ name: 'Temporary password for Sam' });
    expect((within(shown).getByLabelText('Temporary password') as HTMLInputElement).value).toBe('Reset-7730-moss-Pine');
  });

  it('is closed to anyone but an admin', async () => {
    signInAs('accountant');
    server = usersApi([ADMIN]);
    renderAt(<UsersPage />, '/users');
    expect(screen.getByText('You do not have access to this page.')).toBeTruthy();
    expect(server.sent).toEqual([]);
  });
});
