import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { permissionsOf } from '@admin/shared/contract';
import { LANGUAGE_STORAGE_KEY, currentLanguage, setLanguage } from '@admin/shared/i18n';
import { fakeApi } from '@admin/shared/testing';
import { LoginPage } from '../auth/login-page';
import { UserMenu } from '../shell/user-menu';
import { renderAt } from '../test/render';

const viewer = {
  _id: '1',
  username: 'vera',
  name: 'Vera',
  role: 'viewer' as const,
  permissions: permissionsOf('viewer'),
  mustChangePassword: false,
};

async function chooseInUserMenu(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
  fireEvent.click(await screen.findByRole('menuitemradio', { name }));
}

describe('choosing the language', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('on the sign-in page: the screens switch, the choice stays on this browser, and nothing is sent', async () => {
    useAuth.setState({ loading: false, isAuthenticated: false, user: null, token: null });
    const server = fakeApi({});
    renderAt(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(server.sent).toEqual([]);
  });

  it('from the user menu: the choice is kept on this browser and on the user', async () => {
    useAuth.setState({ loading: false, isAuthenticated: true, token: 't', user: viewer });
    const server = fakeApi({ 'PUT /auth/language': () => ({ status: 204, body: null }) });
    renderAt(<UserMenu />);
    await chooseInUserMenu('العربية');
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
    useAuth.setState({ loading: false, isAuthenticated: true, token: 't', user: viewer });
    const server = fakeApi({
      'PUT /auth/language': () => ({ status: 500, body: { message: 'Database unavailable' } }),
    });
    renderAt(<UserMenu />);
    await chooseInUserMenu('العربية');
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(currentLanguage()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });

  it('signing in switches to the language the user chose elsewhere', async () => {
    useAuth.setState({
      loading: false,
      isAuthenticated: false,
      user: null,
      token: null,
      login: async () => {
        const user = { ...viewer, language: 'ar' };
        useAuth.setState({ isAuthenticated: true, user, token: 't' });
        return user;
      },
    });
    renderAt(<LoginPage />, '/login');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'vera' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLanguage()).toBe('ar'));
    expect(document.documentElement.lang).toBe('ar');
  });
});
