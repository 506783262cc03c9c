import { beforeEach, describe, expect, it } from '@rstest/core';
import { render, screen } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { App } from './app';

const signedOut = { loading: false, isAuthenticated: false, user: null, token: null };

describe('the page before and after sign-in', () => {
  beforeEach(() => {
    useAuth.setState(signedOut);
  });

  it('shows a spinner, neither the form nor a page, while the stored session is being checked', () => {
    useAuth.setState({ ...signedOut, loading: true });
    window.history.replaceState(null, '', '/invoices');
    render(<App />);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(window.location.pathname).toBe('/invoices');
  });

  it.each(['/', '/invoices', '/account/password'])(
    'a visitor without a session who opens %s gets the sign-in form at /login',
    async (path) => {
      window.history.replaceState(null, '', path);
      render(<App />);
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
      expect(window.location.pathname).toBe('/login');
    },
  );
});
