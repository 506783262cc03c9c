// What the sales specs share: customers and products made through the API, and the dialogs'
// searching pickers and product lines driven by their accessible names.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { customerLookups, type MastersApi } from './masters';

/** A lifecycle step of a schedule (activate, automate, pause, resume) through the API with the page's session. */
export async function scheduleStep(page: Page, request: APIRequestContext, id: string, step: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await request.post(`/api/scheduled-invoices/${id}/${step}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface SalesFixtures {
  customers: { _id: string; customerName: string }[];
  products: { _id: string; productName: string; productPrice: number }[];
}

/** Customers named `${label} <name>` and products `${label} <name>` with prices in fils. */
export async function salesFixtures(
  api: MastersApi,
  label: string,
  customers: string[],
  products: [name: string, priceFils: number][],
): Promise<SalesFixtures> {
  const { kind, nationality, city } = await customerLookups(api, label);
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const made: SalesFixtures = { customers: [], products: [] };
  for (const name of customers) {
    made.customers.push(
      await api.create('/customers', {
        customerName: `${label} ${name}`,
        dateOfCreation: '2026-01-01T00:00:00.000Z',
        customerKind: kind._id,
        customerNationality: nationality._id,
        customerCity: city._id,
      }),
    );
  }
  for (const [name, price] of products) {
    made.products.push(await api.create('/products', { productName: `${label} ${name}`, productPrice: price, productType: type._id }));
  }
  return made;
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Types into a searching picker and chooses the option that starts with `option`. */
export async function choose(scope: Locator | Page, combobox: Locator, typed: string, option: string) {
  await combobox.fill(typed);
  await scope.getByRole('option', { name: startsWith(option) }).click();
  await expect(combobox).toHaveValue(option);
}

export function customerBox(scope: Locator | Page): Locator {
  return scope.getByRole('combobox', { name: startsWith('Customer') });
}

/** Chooses line `n`'s product and types its quantity. */
export async function fillLine(dialog: Locator, n: number, product: string, quantity: number) {
  await choose(dialog, dialog.getByRole('combobox', { name: `Product (line ${n})` }), product, product);
  await dialog.getByLabel(`Quantity (line ${n})`, { exact: true }).fill(String(quantity));
}

export function totalBox(dialog: Locator): Locator {
  return dialog.getByLabel('Total Amount (KD)');
}

/** Business today in Kuwait (the product's default zone), 'YYYY-MM-DD'. */
export function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
}

/** 'YYYY-MM-DD' -> '21/11/2026', as the lists show days. */
export function shownDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
