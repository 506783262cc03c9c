import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { PASSWORD_MESSAGES, permissionsOf } from '@admin/shared/contract';
import { fakeApi } from '@admin/shared/testing';
import { CurrentPath, renderAt } from '../test/render';
import { PasswordPage } from './password-page';

const sam = {
  _id: '2',
  username: 'sam',
  name: 'Sam',
  role: 'sales' as const,
  permissions: permissionsOf('sales'),
  language: null,
};
const GOOD = 'long-enough-secret-9';

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

function renderPage() {
  renderAt(
    <>
      <PasswordPage />
      <CurrentPath />
    </>,
    '/account/password',
  );
}

describe('the password page', () => {
  let server: ReturnType<typeof fakeApi> | undefined;
  beforeEach(() => {
    useAuth.setState({
      loading: false,
      isAuthenticated: true,
      token: 't',
      user: { ...sam, mustChangePassword: false },
    });
  });

  it('an empty submit names both required fields and sends nothing', async () => {
    server = fakeApi({});
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.currentRequired)).toBeTruthy();
    expect(screen.getByText(PASSWORD_MESSAGES.newRequired)).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  it('checks the length, the confirmation and that the new password is new, with the contract messages', async () => {
    server = fakeApi({});
    renderPage();
    fill('old-secret', 'short', 'short');
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();

    fill('old-secret', GOOD, `${GOOD}x`);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText(PASSWORD_MESSAGES.tooShort)).toBeNull();

    fill(GOOD, GOOD, GOOD);
    expect(await screen.findByText(PASSWORD_MESSAGES.sameAsCurrent)).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  it("shows the API's field messages under their fields", async () => {
    server = fakeApi({
      'POST /auth/password': () => ({
        status: 400,
        body: {
          message: 'Validation failed',
          errors: { currentPassword: PASSWORD_MESSAGES.currentWrong, newPassword: PASSWORD_MESSAGES.common },
        },
      }),
    });
    renderPage();
    fill('wrong-secret', 'password1234', 'password1234');
    expect(await screen.findByText(PASSWORD_MESSAGES.currentWrong)).toBeTruthy();
    expect(screen.getByText(PASSWORD_MESSAGES.common)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('sends the two passwords, updates the signed-in user and goes to the dashboard', async () => {
    useAuth.setState({ user: { ...sam, mustChangePassword: true } });
    server = fakeApi({
      'POST /auth/password': () => ({ body: { data: { user: { ...sam, mustChangePassword: false } } } }),
    });
    renderPage();
    expect(screen.getByText('Choose a new password to replace your temporary one.')).toBeTruthy();
    fill('temporary-one', GOOD, GOOD);

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(server.sent.map((r) => r.body)).toEqual([{ currentPassword: 'temporary-one', newPassword: GOOD }]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe('/'));
    expect(useAuth.getState().user?.mustChangePassword).toBe(false);
  });

  it('explains the forced change only to someone with a temporary password', () => {
    server = fakeApi({});
    renderPage();
    expect(screen.queryByText('Choose a new password to replace your temporary one.')).toBeNull();
  });
});
