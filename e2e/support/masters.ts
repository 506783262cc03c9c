// Records made through the API with a signed-in session, named so each test sees only its own.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
