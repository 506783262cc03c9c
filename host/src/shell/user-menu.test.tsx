import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuth, type User } from '@admin/shared/auth';
import { permissionsOf, type Role } from '@admin/shared/contract';
import { LANGUAGE_STORAGE_KEY, currentLanguage, setLanguage } from '@admin/shared/i18n';
import { fakeApi } from '@admin/shared/testing';
import { renderAt } from '../test/render';
import { UserMenu } from './user-menu';

function signedInAs(role: Role): User {
  return {
    _id: '1',
    username: role,
    name: `The ${role}`,
    role,
    permissions: permissionsOf(role),
    mustChangePassword: false,
  };
}

async function openMenu(role: Role) {
  useAuth.setState({ loading: false, isAuthenticated: true, token: 't', user: signedInAs(role) });
  renderAt(<UserMenu />);
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
  await screen.findByRole('menuitem', { name: 'Logout' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('user menu', () => {
  it('an admin has Users, Audit log, Sent mail, Approvals and Company settings between Platform and Change password, with the name first and Logout last', async () => {
    expect(await openMenu('admin')).toEqual([
      'The admin',
      'Platform',
      'Users',
      'Audit log',
      'Sent mail',
      'Approvals',
      'Company settings',
      'Change password',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'The admin' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('an accountant has Sent mail and Approvals, and no Users, Audit log or Company settings', async () => {
    expect(await openMenu('accountant')).toEqual([
      'The accountant',
      'Platform',
      'Sent mail',
      'Approvals',
      'Change password',
      'Logout',
    ]);
  });

  it.each(['sales', 'viewer'] as const)(
    '%s: no Users, Audit log, Sent mail, Approvals or Company settings, but Change password',
    async (role) => {
      expect(await openMenu(role)).toEqual([`The ${role}`, 'Platform', 'Change password', 'Logout']);
    },
  );
});

describe('theme switch', () => {
  it('follows the system until Dark or Light is chosen, and puts the choice on the page', async () => {
    localStorage.removeItem('color-mode');
    await openMenu('viewer');
    const radios = () => within(screen.getByRole('group', { name: 'Theme' })).getAllByRole('menuitemradio');
    expect(radios().map((item) => item.textContent)).toEqual(['As the system', 'Light', 'Dark']);
    expect(screen.getByRole('menuitemradio', { name: 'As the system' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem('color-mode')).toBe('dark');
  });
});

describe('language choice', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('is kept on this browser and on the user', async () => {
    const server = fakeApi({ 'PUT /auth/language': () => ({ status: 204, body: null }) });
    await openMenu('viewer');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    await waitFor(() =>
      expect(server.sent.map((r) => [r.method, r.url, r.body])).toEqual([
        ['PUT', '/auth/language', { language: 'ar' }],
      ]),
    );
    expect(currentLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(screen.getByRole('button', { name: 'الحساب' })).toBeTruthy();
  });

  it('a failed save on the user leaves the switch in place', async () => {
    const server = fakeApi({
      'PUT /auth/language': () => ({ status: 500, body: { message: 'Database unavailable' } }),
    });
    await openMenu('viewer');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(currentLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });
});
