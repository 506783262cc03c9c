import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { LANGUAGE_STORAGE_KEY, currentLanguage, setLanguage } from '@admin/shared/i18n';
import { fakeApi } from '@admin/shared/testing';
import { renderAt } from '../test/render';
import { LoginPage } from './login-page';

const signedOut = { loading: false, isAuthenticated: false, user: null, token: null };

describe('sign-in screen', () => {
  beforeEach(() => {
    useAuth.setState(signedOut);
  });

  it('shows the title, the subtitle and both fields', () => {
    renderAt(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('an empty submit shows both required messages under the fields and calls nothing', async () => {
    let calls = 0;
    useAuth.setState({
      login: async () => {
        calls += 1;
        return {};
      },
    });
    renderAt(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it("after a refused submit, a field's message goes as soon as it is filled in", async () => {
    renderAt(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('sends the trimmed username and the password as typed', async () => {
    const sent: unknown[] = [];
    useAuth.setState({
      login: async (credentials) => {
        sent.push(credentials);
        return {};
      },
    });
    renderAt(<LoginPage />, '/login');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '  admin ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: ' secret ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sent).toEqual([{ username: 'admin', password: ' secret ' }]));
  });

  it('the password can be shown and hidden', () => {
    renderAt(<LoginPage />, '/login');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it("a failed sign-in shows an alert with 'Login failed' when the server gives no message", async () => {
    useAuth.setState({
      login: async () => {
        throw new Error('network down');
      },
    });
    renderAt(<LoginPage />, '/login');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed');
  });
});

describe('the language on the sign-in page', () => {
  beforeEach(() => {
    useAuth.setState(signedOut);
  });

  afterEach(async () => {
    await setLanguage('en');
  });

  it('a choice switches the screens and stays on this browser, and nothing is sent', async () => {
    const server = fakeApi({});
    renderAt(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(server.sent).toEqual([]);
  });

  it('signing in switches to the language the user chose elsewhere', async () => {
    useAuth.setState({
      login: async () => {
        const user = { username: 'vera', name: 'Vera', language: 'ar' };
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
