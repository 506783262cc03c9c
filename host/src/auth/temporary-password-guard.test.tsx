import { beforeEach, describe, expect, it } from '@rstest/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { permissionsOf } from '@admin/shared/contract';
import { Link, Route, Routes } from '@admin/shared/router';
import { CurrentPath, renderAt } from '../test/render';
import { TemporaryPasswordGuard } from './temporary-password-guard';

const sales = { _id: '2', username: 'sam', name: 'Sam', role: 'sales' as const, permissions: permissionsOf('sales') };

function renderGuarded(path: string) {
  renderAt(
    <>
      <Routes>
        <Route element={<TemporaryPasswordGuard />}>
          <Route index element={<p>Dashboard page</p>} />
          <Route path="/invoices" element={<p>Invoices page</p>} />
          <Route
            path="/account/password"
            element={
              <>
                <p>Password page</p>
                <Link to="/invoices">Invoices</Link>
              </>
            }
          />
        </Route>
      </Routes>
      <CurrentPath />
    </>,
    path,
  );
}

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

describe('the temporary password guard of signed-in pages', () => {
  beforeEach(() => {
    useAuth.setState({
      loading: false,
      isAuthenticated: true,
      token: 't',
      user: { ...sales, mustChangePassword: true },
    });
  });

  it.each(['/', '/invoices'])('sends someone with a temporary password from %s to the password page', async (path) => {
    renderGuarded(path);
    expect(await screen.findByText('Password page')).toBeTruthy();
    expect(currentPath()).toBe('/account/password');
  });

  it('keeps them on the password page until the password is changed', async () => {
    renderGuarded('/account/password');
    fireEvent.click(screen.getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByText('Password page')).toBeTruthy();
    expect(currentPath()).toBe('/account/password');

    act(() => useAuth.getState().setUser({ ...sales, mustChangePassword: false }));
    fireEvent.click(screen.getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByText('Invoices page')).toBeTruthy();
    expect(currentPath()).toBe('/invoices');
  });

  it('a user without a temporary password opens the page asked for', async () => {
    useAuth.setState({ user: { ...sales, mustChangePassword: false } });
    renderGuarded('/invoices');
    expect(await screen.findByText('Invoices page')).toBeTruthy();
  });
});
