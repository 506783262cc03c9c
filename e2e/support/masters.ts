// Records made through the API with a signed-in session, named so each test sees only its own.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './platform';

/** A prefix no other test (or the demo data) uses, so each test sees only its own rows. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Signs in as the admin through the API (the sign-in form has its own tests) and hands the session
 * to `page` on the platform at `baseUrl`: the page is left on a document of that origin without the
 * app, so its next navigation opens the app signed in. Returns an API client carrying the session.
 */
export async function signInWithApi(
  page: Page,
  request: APIRequestContext,
  baseUrl = '',
  credentials = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
) {
  const login = await request.post(`${baseUrl}/api/auth/login`, { data: credentials });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  // The app keeps its session in the origin's localStorage: the health answer is the cheapest
  // document of that origin to write it from (a page of the app would load all of it first).
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    /** The session's header, for calls these helpers do not cover (a PDF). */
    headers,
    async create<T = { _id: string }>(path: string, body: object): Promise<T> {
      const response = await request.post(`${baseUrl}/api${path}`, { headers, data: body });
      expect(response.status(), await response.text()).toBe(201);
      // Every answer holds its record under `data` (docs/api.md).
      return ((await response.json()) as { data: T }).data;
    },
    /** The whole answer: a list's `{ data, pagination }`, or `{ data }`. */
    async get<T>(path: string): Promise<T> {
      const response = await request.get(`${baseUrl}/api${path}`, { headers });
      expect(response.ok()).toBe(true);
      return response.json();
    },
  };
}
export type MastersApi = Awaited<ReturnType<typeof signInWithApi>>;

/**
 * Signs `page` in as a new admin of the calling test's own: the language a test saves on its user
 * (the account menu keeps it on the account) never reaches the other specs signing in as the seeded
 * admin meanwhile.
 */
export async function signInAsOwnAdmin(page: Page, request: APIRequestContext) {
  const { username, password } = await ownAdmin(request);
  return signInWithApi(page, request, '', { username, password });
}

/** A new admin of the calling test's own (see signInAsOwnAdmin), made through the API by the seeded admin. */
export async function ownAdmin(
  request: APIRequestContext,
): Promise<{ username: string; password: string; name: string }> {
  const login = await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const username = unique('own-admin').replace(' ', '-');
  const user = { username, password: 'own-admin-e2e-password', name: `Admin ${username}` };
  const made = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...user, role: 'admin' },
  });
  expect(made.status(), await made.text()).toBe(201);
  return user;
}

/** A kind, nationality and city named after `label`, for customers. */
export async function customerLookups(api: MastersApi, label: string) {
  const kind = await api.create('/customer-kinds', { kindName: `${label} kind` });
  const nationality = await api.create('/customer-nationalities', { nationalityName: `${label} nationality` });
  const city = await api.create('/customer-cities', { cityName: `${label} city` });
  return { kind, nationality, city };
}
export type CustomerLookups = Awaited<ReturnType<typeof customerLookups>>;

/** A customer of the lookups' kind, nationality and city; `fields` names it, dates it and sets the rest. */
export function makeCustomer<T = { _id: string }>(
  api: MastersApi,
  { kind, nationality, city }: CustomerLookups,
  fields: { customerName: string; dateOfCreation: string; [field: string]: unknown },
): Promise<T> {
  return api.create<T>('/customers', {
    customerKind: kind._id,
    customerNationality: nationality._id,
    customerCity: city._id,
    ...fields,
  });
}
