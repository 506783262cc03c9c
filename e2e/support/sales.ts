// What the sales specs share: customers and products made through the API, and the dialogs'
// searching pickers and product lines driven by their accessible names.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, businessToday } from './days';
import { customerLookups, makeCustomer, type MastersApi } from './masters';

/** A lifecycle step of a schedule (activate, automate, pause, resume) through the API with the page's session. */
export async function scheduleStep(page: Page, request: APIRequestContext, id: string, step: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await request.post(`/api/scheduled-invoices/${id}/${step}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface MadeCustomer {
  _id: string;
  customerName: string;
}

export interface MadeProduct {
  _id: string;
  productName: string;
  productPrice: number;
}

/** One customer per name asked for and one product per product asked for, in the same order. */
export interface SalesFixtures<Customers extends readonly unknown[], Products extends readonly unknown[]> {
  customers: { [K in keyof Customers]: MadeCustomer };
  products: { [K in keyof Products]: MadeProduct };
}

/**
 * Customers named `${label} <name>` and products `${label} <name>` with prices in fils. The lists
 * given fix the lengths of the lists made, so `customers[0]` of one name asked for is a customer.
 */
export async function salesFixtures<
  const Customers extends readonly string[],
  const Products extends readonly (readonly [name: string, priceFils: number])[],
>(
  api: MastersApi,
  label: string,
  customers: Customers,
  products: Products,
): Promise<SalesFixtures<Customers, Products>> {
  const lookups = await customerLookups(api, label);
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const made = { customers: [] as MadeCustomer[], products: [] as MadeProduct[] };
  for (const name of customers) {
    made.customers.push(
      await makeCustomer(api, lookups, {
        customerName: `${label} ${name}`,
        dateOfCreation: '2026-01-01T00:00:00.000Z',
      }),
    );
  }
  for (const [name, price] of products) {
    made.products.push(
      await api.create('/products', { productName: `${label} ${name}`, productPrice: price, productType: type._id }),
    );
  }
  // One record made per name, in order: the lengths are those of the lists given.
  return made as SalesFixtures<Customers, Products>;
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

/**
 * A customer named `${label} Trading` (with `fields`) and an invoice of theirs dated a week ago,
 * due in three weeks: 100 routers at 12.345 KD, 1,234.500 KD, the amount the documents' words are
 * checked on.
 */
export async function customerWithInvoice(api: MastersApi, label: string, fields: Record<string, unknown> = {}) {
  const customer = await makeCustomer(api, await customerLookups(api, label), {
    customerName: `${label} Trading`,
    dateOfCreation: '2026-11-01T00:00:00.000Z',
    ...fields,
  });
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const product = await api.create('/products', {
    productName: `${label} Router`,
    productPrice: 12_345,
    productType: type._id,
  });
  const invoice = await api.create<{ _id: string; invoiceNumber: string }>('/invoices', {
    customer: customer._id,
    dateOfCreation: `${addDays(businessToday(), -7)}T00:00:00.000Z`,
    products: [{ product: product._id, quantity: 100, unitPrice: 12_345 }],
  });
  return { customer, invoice };
}
