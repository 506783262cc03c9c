// The dashboard composed from the three remotes' widgets, on a platform of its own so
// the figures move only by what this spec records; and a dead payments remote blanks only its widgets.
import { expect, test } from '../support/test';
import { platformFor, startPlatform, type Platform } from '../support/platform';
import { expectTitle } from '../support/shell';
import { signInWithApi, unique, type MastersApi } from '../support/masters';
import { cardFigure, dashboardCard, makeInvoice } from '../support/payments';
import { salesFixtures } from '../support/sales';

// Not 3340: the web benchmark serves there.
const PORT = 3350;
const FIGURES = [
  'Total Invoices',
  'Total Payments',
  'Total Products',
  'Customers',
  'Total Advance Payments',
  'Total Invoice Payments',
] as const;

let platform: Platform;
test.beforeAll(async () => {
  platform = await startPlatform(PORT, { copyReleasesFrom: platformFor('main').releasesDir });
});
test.afterAll(async () => {
  await platform?.stop();
});

async function figures(page: import('@playwright/test').Page) {
  const out = {} as Record<(typeof FIGURES)[number], number>;
  for (const title of FIGURES) out[title] = await cardFigure(page, title);
  return out;
}

test('new records show at the top of the lists and the counts and money cards move by exactly what was recorded', async ({
  page,
  request,
}) => {
  const api: MastersApi = await signInWithApi(page, request, platform.url);
  await page.goto(`${platform.url}/`);
  await expect(page.getByText('Welcome to your admin dashboard', { exact: true })).toBeVisible();
  const before = await figures(page);

  const label = unique('Dash');
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Gadget', 2_750]]);
  const invoice = await makeInvoice(api, customers[0], products[0], 2); // 5.500 KD
  await api.create('/payments/advance', {
    customer: customers[0]._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 1_000,
  });
  const paid = await api.create<{ payment: { paymentNumber: string } }>('/payments/invoice', {
    customer: customers[0]._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Knet',
    relatedInvoices: [{ invoice: invoice._id, paidAmount: 2_500 }],
  });

  await page.reload();
  await expect.poll(() => cardFigure(page, 'Total Products')).toBe(before['Total Products'] + 1);
  expect(await figures(page)).toEqual({
    'Total Invoices': before['Total Invoices'] + 1,
    'Total Payments': before['Total Payments'] + 2,
    'Total Products': before['Total Products'] + 1,
    Customers: before.Customers + 1,
    'Total Advance Payments': before['Total Advance Payments'] + 1_000,
    'Total Invoice Payments': before['Total Invoice Payments'] + 2_500,
  });

  const newest = (list: string) => page.getByRole('list', { name: list }).getByRole('listitem').first();
  await expect(newest('Recent products')).toContainText(`${label} Gadget`);
  await expect(newest('Recent products')).toContainText('2.750 KD');
  await expect(newest('Recent invoices')).toContainText(invoice.invoiceNumber);
  await expect(newest('Recent invoices')).toContainText(`${label} Acme`);
  await expect(newest('Recent invoices')).toContainText('5.500 KD');
  await expect(newest('Recent payments')).toContainText(paid.payment.paymentNumber);
  await expect(newest('Recent payments')).toContainText(`${label} Acme`);
  await expect(newest('Recent payments')).toContainText('2.500 KD');
  await expect(page.getByRole('img', { name: 'Invoiced and collected per month, in KD' })).toBeVisible();

  // Each card leads to its list.
  await dashboardCard(page, 'Total Invoices').getByRole('link', { name: 'Total Invoices' }).click();
  await expectTitle(page, 'Invoices');
  await expect(page).toHaveURL(`${platform.url}/invoices`);
});

test("with the payments remote's files unreachable, the masters and sales widgets render and the payments ones show the unavailable card", async ({
  page,
  request,
}) => {
  // Only the payments remote's static files fail; the API answers as usual.
  await page.route(`${platform.url}/remotes/payments/**`, (route) => route.abort('connectionrefused'));
  await signInWithApi(page, request, platform.url);
  await page.goto(`${platform.url}/`);

  for (const title of ['Total Invoices', 'Total Products', 'Customers']) {
    expect(await cardFigure(page, title)).toBeGreaterThanOrEqual(0);
  }
  await expect(dashboardCard(page, 'Recent Products')).toBeVisible();
  await expect(dashboardCard(page, 'Recent Invoices')).toBeVisible();
  const unavailable = page.getByRole('main').getByRole('alert').filter({ hasText: 'The Payments area is unavailable' });
  await expect(unavailable).toBeVisible({ timeout: 20_000 });
  await expect(unavailable.getByRole('button', { name: 'Retry' })).toBeVisible();
  for (const title of ['Total Payments', 'Total Advance Payments', 'Total Invoice Payments', 'Recent Payments']) {
    await expect(dashboardCard(page, title)).toHaveCount(0);
  }
});
