// Staff accounts in the browser: the user menu, the admin's Users screen and the temporary password
// it shows once, and the change of that password the first sign-in asks for.
import { expect, type Page } from '@playwright/test';
import { expectTitle, submitSignIn, userMenuButton } from './shell';

/** Chooses an entry of the user menu in the top bar. */
export async function chooseFromUserMenu(page: Page, label: string) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/** The user menu's entries, in order (the menu is left closed). */
export async function userMenuEntries(page: Page): Promise<string[]> {
  await userMenuButton(page).click();
  const items = page.getByRole('menuitem');
  await expect(items.last()).toHaveText('Logout');
  const labels = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expect(items.first()).toBeHidden();
  return labels;
}

export async function signOut(page: Page) {
  await chooseFromUserMenu(page, 'Logout');
  await page.waitForURL((url) => url.pathname === '/login');
}

export interface NewStaffUser {
  username: string;
  name: string;
  /** As the role select shows it, e.g. 'Sales'. */
  role: string;
}

/**
 * The signed-in admin adds an account on the Users screen without a password; returns the
 * temporary password the dialog shows that once, after checking its Copy button puts it on the
 * clipboard (the context needs the clipboard permissions).
 */
export async function addStaffUser(page: Page, user: NewStaffUser): Promise<string> {
  await chooseFromUserMenu(page, 'Users');
  await page.waitForURL((url) => url.pathname === '/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('dialog', { name: 'Add New User' });
  await form.getByLabel('Username', { exact: true }).fill(user.username);
  await form.getByLabel('Name', { exact: true }).fill(user.name);
  await form.getByLabel('Role', { exact: true }).selectOption({ label: user.role });
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: `Temporary password for ${user.name}` });
  await expect(shown.getByText(/will not be shown again/)).toBeVisible();
  const password = await shown.getByLabel('Temporary password', { exact: true }).inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Password copied', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return password;
}

/** Signs in with a temporary password, is sent to choose a new one, does, and lands on the dashboard. */
export async function signInReplacingTemporaryPassword(
  page: Page,
  username: string,
  temporary: string,
  chosen: string,
) {
  await page.goto('/login');
  await submitSignIn(page, username, temporary);
  await page.waitForURL((url) => url.pathname === '/account/password');
  await expect(page.getByText('Choose a new password to replace your temporary one.')).toBeVisible();
  // Nothing else opens until the password is changed.
  await page.goto('/customers');
  await page.waitForURL((url) => url.pathname === '/account/password');

  await page.getByLabel('Current password', { exact: true }).fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByText('Password changed successfully', { exact: true }).first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expectTitle(page, 'Dashboard');
}
