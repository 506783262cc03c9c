// What the masters specs share: records made through the API with the signed-in session, and
// the screens' controls by their accessible roles and names.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './shell';

/** A prefix no other test (or the demo data) uses, so each test sees only its own rows. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the form (on the platform at `baseUrl`) and returns an API client carrying that session's token. */
export async function signInWithApi(page: Page, request: APIRequestContext, baseUrl = '') {
  await signIn(page, baseUrl);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async create<T = { _id: string }>(path: string, body: object): Promise<T> {
      const response = await request.post(`${baseUrl}/api${path}`, { headers, data: body });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
    async get<T>(path: string): Promise<T> {
      const response = await request.get(`${baseUrl}/api${path}`, { headers });
      expect(response.ok()).toBe(true);
      return response.json();
    },
  };
}
export type MastersApi = Awaited<ReturnType<typeof signInWithApi>>;

/** A kind, nationality and city named after `label`, for customers. */
export async function customerLookups(api: MastersApi, label: string) {
  const kind = await api.create('/customer-kinds', { kindName: `${label} kind` });
  const nationality = await api.create('/customer-nationalities', { nationalityName: `${label} nationality` });
  const city = await api.create('/customer-cities', { cityName: `${label} city` });
  return { kind, nationality, city };
}

export function listTable(page: Page, title: string): Locator {
  return page.getByRole('table', { name: title });
}

/** The list's data rows (the header row left out). */
export function bodyRows(page: Page, title: string): Locator {
  return listTable(page, title).locator('tbody').getByRole('row');
}

export function rowOf(page: Page, title: string, text: string): Locator {
  return bodyRows(page, title).filter({ hasText: text });
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search' });
}

/** Types into the list's search box and waits until the list shows `expectedRows` rows. */
export async function searchFor(page: Page, title: string, text: string, expectedRows?: number) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  if (expectedRows !== undefined) await expect(bodyRows(page, title)).toHaveCount(expectedRows);
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** Deletes the row named `name` through its Delete button and the exact confirm question. */
export async function deleteRow(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Are you sure you want to delete "${name}"?`, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
}
