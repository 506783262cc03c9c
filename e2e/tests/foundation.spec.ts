// Sign-in, the shell, the guard and redirects, against the real built platform.
import { expect, test } from '../support/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/platform';
import {
  MENU,
  expectTitle,
  groupToggle,
  menu,
  menuLink,
  openGroup,
  passwordField,
  signIn,
  submitSignIn,
  userMenuButton,
  usernameField,
  type GroupName,
} from '../support/shell';

test.describe('sign-in', () => {
  test('shows the sign-in screen and both required messages on an empty submit', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the error alert and keeps the visitor on /login', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, ADMIN_USERNAME, 'not-the-password');

    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill('secret');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: /hide password/i }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
  });

  test('signing in lands on the dashboard shell, and /login then redirects to /', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    // The toast shows for two seconds: read it before waiting for the shell, which may take longer.
    await expect(page.getByText('Login successful!').first()).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(menuLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await expectTitle(page, 'Dashboard');
  });
});

test.describe('guard and redirects', () => {
  test('a protected page sends an unauthenticated visitor to /login', async ({ page }) => {
    await page.goto('/invoices');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(usernameField(page)).toBeVisible();
  });

  test('an unknown path goes to /', async ({ page }) => {
    await signIn(page);
    await page.goto('/no-such-page/at-all');
    await page.waitForURL((url) => url.pathname === '/');
    await expectTitle(page, 'Dashboard');
  });

  test('a token revoked on the server sends the next call to /login', async ({ page, request }) => {
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.ok()).toBe(true);

    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('shell', () => {
  test('each menu entry sets the title and is the only highlighted entry', async ({ page }) => {
    await signIn(page);
    const entries = [
      ...MENU.top.map((entry) => ({ ...entry, group: undefined as GroupName | undefined })),
      ...Object.entries(MENU.groups).flatMap(([group, items]) =>
        items.map((entry) => ({ ...entry, group: group as GroupName })),
      ),
    ];
    for (const entry of [...entries.slice(1), ...entries.slice(0, 1)]) {
      if (entry.group) await openGroup(page, entry.group);
      await menuLink(page, entry.label).click();

      await page.waitForURL((url) => url.pathname === entry.path);
      await expectTitle(page, entry.label);
      await expect(menuLink(page, entry.label)).toHaveAttribute('aria-current', 'page');
      await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('menu groups collapse and expand on click', async ({ page }) => {
    await signIn(page);
    for (const group of Object.keys(MENU.groups) as GroupName[]) {
      const firstEntry = menuLink(page, MENU.groups[group][0].label);
      await openGroup(page, group);
      await expect(groupToggle(page, group)).toHaveAttribute('aria-expanded', 'true');

      await groupToggle(page, group).click();
      await expect(firstEntry).toBeHidden();
      await expect(groupToggle(page, group)).toHaveAttribute('aria-expanded', 'false');

      await groupToggle(page, group).click();
      await expect(firstEntry).toBeVisible();
    }
  });

  test('logout returns to /login with the success message, and the old page is gone', async ({ page }) => {
    await signIn(page);
    await userMenuButton(page).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await logout.click();

    await page.waitForURL((url) => url.pathname === '/login');
    await expect(page.getByText('Logged out successfully').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/customers');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  test('the user menu names the signed-in user', async ({ page }) => {
    await signIn(page);
    await userMenuButton(page).click();
    // The first admin account is named 'Administrator'.
    await expect(page.getByRole('menuitem', { name: 'Administrator' })).toBeDisabled();
  });
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 400, height: 800 } });

  test('the menu is a drawer toggled from the top bar', async ({ page }) => {
    await signIn(page);
    await expect(menuLink(page, 'Customers')).toBeHidden();

    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(menuLink(page, 'Customers')).toBeVisible();
    await menuLink(page, 'Customers').click();

    await page.waitForURL((url) => url.pathname === '/customers');
    await expectTitle(page, 'Customers');
    await expect(menuLink(page, 'Customers')).toBeHidden();
  });
});
