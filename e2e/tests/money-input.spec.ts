// Amounts typed as staff type them: a comma, a fourth decimal or letters are refused under the
// field in the words of the shared money schema, nothing is sent and nothing is created; Arabic-
// Indic digits are read; money is shown with thousands separators.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { rowOf, searchFor } from '../support/lists';
import { dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';
import { chooseCustomer } from '../support/payments';
import { choose, customerBox, fillLine, salesFixtures } from '../support/sales';

const REFUSED = [
  ['12,5', 'Use a point for decimals'],
  ['0.0001', 'At most 3 decimals'],
  ['twelve', 'Enter an amount such as 12.500'],
] as const;

/** Counts the writes the page sends to `path`, so a test can say none was sent. */
function writesTo(page: Page, path: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith(`/api${path}`)) seen.count += 1;
  });
  return seen;
}

/** Types each refused amount into `field` and submits: its own message shows, and no "is required". */
async function expectAmountsRefused(form: Locator, field: Locator, submit: string) {
  for (const [typed, message] of REFUSED) {
    await field.fill(typed);
    await expectRefusals(form, submit, [message]);
    await expect(form.getByText(/is required$/)).toHaveCount(0);
  }
}

test("a product price of '12,5', '0.0001' or letters says what is wrong and creates nothing; '١٢٫٥' is 12.500 KD", async ({
  page,
  api,
}) => {
  const label = unique('Money');
  await api.create('/types', { productTypeName: `${label} type` });
  const writes = writesTo(page, '/products');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const add = dialog(page, 'Add New Product');
  await add.getByLabel('Product Name').fill(`${label} Switch`);
  await add.getByLabel('Product Type').selectOption({ label: `${label} type` });
  await expectAmountsRefused(add, add.getByLabel('Product Price (KD)'), 'Create');
  expect(writes.count).toBe(0);
  expect((await api.get<{ data: unknown[] }>(`/products?search=${encodeURIComponent(label)}`)).data).toEqual([]);

  await add.getByLabel('Product Price (KD)').fill('١٢٣٤٫٥');
  await add.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Product created successfully');
  await searchFor(page, 'Products', label, 1);
  await expect(rowOf(page, 'Products', `${label} Switch`)).toContainText('1,234.500 KD');
});

test('an advance amount and an invoice line price refuse the same texts, and nothing is recorded', async ({
  page,
  api,
}) => {
  const label = unique('Amounts');
  const { customers, products } = await salesFixtures(api, label, ['Buyer'], [['Cable', 1_500]]);
  const payments = writesTo(page, '/payments');
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Add Advance Payment' }).click();
  const pay = dialog(page, 'Add New Payment');
  await chooseCustomer(pay.getByRole('tabpanel'), customers[0].customerName);
  await expectAmountsRefused(pay, pay.getByRole('tabpanel').getByLabel(/^Amount/), 'Create');
  expect(payments.count).toBe(0);
  await page.keyboard.press('Escape');

  const invoices = writesTo(page, '/invoices');
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const add = dialog(page, 'Add New Invoice');
  await choose(add, customerBox(add), customers[0].customerName, customers[0].customerName);
  await fillLine(add, 1, products[0].productName, 2);
  await expectAmountsRefused(add, add.getByLabel('Unit price (line 1)'), 'Create');
  expect(invoices.count).toBe(0);
  expect((await api.get<{ data: unknown[] }>(`/invoices?customer=${customers[0]._id}`)).data).toEqual([]);
});
