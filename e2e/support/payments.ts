// What the payments and dashboard specs share: invoices made through the API, and the payment
// dialog's controls by their accessible names.
import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, businessToday } from './days';
import type { MastersApi } from './masters';
import { choose, customerBox } from './sales';

export interface MadeInvoice {
  _id: string;
  invoiceNumber: string;
  totalAmount: number;
}

/**
 * A Credit invoice of `quantity` × the product's price, unpaid, for the customer, dated a week ago:
 * due after the customer's 30 days of terms, so it reads 'Unpaid' (not 'Overdue') whatever the day
 * the suite runs.
 */
export async function makeInvoice(
  api: MastersApi,
  customer: { _id: string },
  product: { _id: string; productPrice: number },
  quantity: number,
): Promise<MadeInvoice> {
  return api.create<MadeInvoice>('/invoices', {
    customer: customer._id,
    dateOfCreation: `${addDays(businessToday(), -7)}T00:00:00.000Z`,
    credit: true,
    status: 'unpaid',
    products: [{ product: product._id, quantity, unitPrice: product.productPrice }],
  });
}

/** The visible tab of the payment dialog (both tabs stay mounted so switching keeps what was typed). */
export function activeTab(dialog: Locator): Locator {
  // The selected tab's panel: while the other panel fades out, both are briefly shown.
  return dialog.locator('[role="tabpanel"][data-selected]');
}

export async function chooseCustomer(panel: Locator, customerName: string) {
  await choose(panel, customerBox(panel), customerName, customerName);
}

/** The payment-list row whose reference is `reference`, and its payment number. */
export async function paymentRow(page: Page, reference: string): Promise<{ row: Locator; number: string }> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
  const rows = page.getByRole('table', { name: 'Payments' }).locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(reference);
  const number = (await rows.first().getByRole('cell').first().textContent())!.trim();
  expect(number).toMatch(/^PAY-\d{6,}$/);
  return { row: rows.first(), number };
}

/** The 'Unpaid Invoices' table of the invoice tab: each invoice's row. */
export function unpaidRow(panel: Locator, invoiceNumber: string): Locator {
  return panel.getByRole('table', { name: 'Unpaid invoices' }).getByRole('row').filter({ hasText: invoiceNumber });
}

/** A dashboard card by its title. */
export function dashboardCard(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('region', { name: title, exact: true });
}

/** A card's figure: a count as a number, an amount ('1.500 KD') in fils. */
export async function cardFigure(page: Page, title: string): Promise<number> {
  const figure = dashboardCard(page, title).locator('[data-part="figure"]');
  await expect(figure).toBeVisible({ timeout: 20_000 });
  const text = (await figure.textContent())!.trim();
  // '1.500 KD' is 1500 fils: the three decimals are the fils.
  return /^-?\d+\.\d{3} KD$/.test(text) ? Number(text.replace(' KD', '').replace('.', '')) : Number(text);
}
