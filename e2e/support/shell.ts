// How tests reach the app: through the real sign-in form and the shell's accessible roles.
// Every selector the specs share lives here.
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './platform';

export const MENU = {
  top: [
    { label: 'Dashboard', path: '/' },
    { label: 'Customers', path: '/customers' },
    { label: 'Products', path: '/products' },
  ],
  groups: {
    Transactions: [
      { label: 'Invoices', path: '/invoices' },
      { label: 'Scheduled Invoices', path: '/scheduled-invoices' },
      { label: 'Credit Notes', path: '/credit-notes' },
      { label: 'Payments', path: '/payments' },
      { label: 'Cheques', path: '/cheques' },
      { label: 'Customer Balances', path: '/customer-balances' },
      { label: 'Collections', path: '/collections' },
      { label: 'Receivables Aging', path: '/receivables-aging' },
    ],
    Masters: [
      { label: 'Customer Kinds', path: '/customer-kinds' },
      { label: 'Customer Nationalities', path: '/customer-nationalities' },
      { label: 'Customer Cities', path: '/customer-cities' },
      { label: 'Product Types', path: '/types' },
      { label: 'Banks', path: '/banks' },
    ],
  },
} as const;

export type GroupName = keyof typeof MENU.groups;

export function usernameField(page: Page) {
  return page.getByLabel('Username', { exact: true });
}

export function passwordField(page: Page) {
  return page.getByLabel('Password', { exact: true });
}

export async function submitSignIn(page: Page, username: string, password: string) {
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in (the admin unless another account is given) through the real form and waits for the dashboard shell. */
export async function signIn(
  page: Page,
  baseUrl = '',
  account = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
) {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, account.username, account.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expectTitle(page, 'Dashboard');
}

/** The shell's menu (the permanent drawer on wide screens, the opened drawer on narrow ones). */
export function menu(page: Page): Locator {
  return page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Customers', exact: true }) });
}

export function menuLink(page: Page, label: string): Locator {
  return menu(page).getByRole('link', { name: label, exact: true });
}

export function groupToggle(page: Page, group: GroupName): Locator {
  return menu(page).getByRole('button', { name: group });
}

/** Opens a collapsible menu group unless it is open already. */
export async function openGroup(page: Page, group: GroupName) {
  // By the toggle's own state, once it is drawn: a check made before the menu is drawn would open a closed group's toggle.
  const toggle = groupToggle(page, group);
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(menuLink(page, MENU.groups[group][0].label)).toBeVisible();
}

/** The page title in the top bar. */
export async function expectTitle(page: Page, title: string) {
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/** The user menu's trigger in the top bar. */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Account' });
}

/** The inline panel an area shows when its remote cannot be loaded. */
export function unavailablePanel(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: /unavailable/i });
}

/**
 * Waits until the area in the main region has finished loading (its spinner is gone) and
 * checks that it rendered: no unavailable panel, and something on the page.
 */
export async function expectAreaLoaded(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('[aria-label^="Loading the "]')).toHaveCount(0, { timeout: 20_000 });
  await expect(unavailablePanel(page)).toHaveCount(0);
  await expect(main).not.toBeEmpty();
}

export function retryButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Retry' });
}
