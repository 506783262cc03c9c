// What every list offers staff besides its rows: sorting by a header, rows per page, a date range,
// all kept in the address, and the CSV export of every matching row; driven on the Invoices list
// against the real API and database.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { bodyRows, listTable } from '../support/lists';
import { unique, type MastersApi } from '../support/masters';
import { salesFixtures } from '../support/sales';

const TITLE = 'Invoices';

/** 12 invoices of one new customer, on 1–12 March 2026, with amounts out of date order. */
async function twelveInvoices(api: MastersApi, label: string) {
  const { customers, products } = await salesFixtures(api, label, ['Sorted'], [['Item', 1_000]]);
  const customer = customers[0]._id;
  for (let day = 1; day <= 12; day++) {
    const quantity = ((day * 7) % 12) + 1;
    await api.create('/invoices', {
      customer,
      dateOfCreation: `2026-03-${String(day).padStart(2, '0')}T00:00:00.000Z`,
      products: [{ product: products[0]._id, quantity, unitPrice: 1_000 }],
      totalAmount: quantity * 1_000,
      referenceNumber: `${label}-${day}`,
    });
  }
  return customer;
}

const column = (page: Page, n: number) => bodyRows(page, TITLE).locator(`td:nth-child(${n})`);
const header = (page: Page, name: string) => listTable(page, TITLE).getByRole('columnheader', { name });
const AMOUNT = 6;
// Invoice #, Manual #, Reference #, Customer, Payment Type, Amount, Paid, Remaining, Status, Date Created.
const DATE = 10;

test('sorts by a header and back, keeps the page size and the date range in the address', async ({ page, api }) => {
  const customer = await twelveInvoices(api, unique('Sort'));
  await page.goto(`/invoices?customer=${customer}`);

  // Newest first by default, and the Date header says so.
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
  await expect(column(page, DATE).first()).toHaveText('12/03/2026');
  await expect(header(page, 'Date Created')).toHaveAttribute('aria-sort', 'descending');

  await header(page, 'Amount').getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=totalAmount&order=asc/);
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Date Created')).toHaveAttribute('aria-sort', 'none');
  await expect(column(page, AMOUNT).first()).toHaveText('1.000 KD');

  // By keyboard: Enter on the focused header sorts the other way.
  await header(page, 'Amount').getByRole('button').press('Enter');
  await expect(page).toHaveURL(/[?&]sort=totalAmount&order=desc/);
  await expect(header(page, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  await expect(column(page, AMOUNT).first()).toHaveText('12.000 KD');

  // A third time: back to the default order, out of the address.
  await header(page, 'Amount').getByRole('button').click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(column(page, DATE).first()).toHaveText('12/03/2026');
  await expect(header(page, 'Date Created')).toHaveAttribute('aria-sort', 'descending');

  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/[?&]limit=25/);
  await expect(bodyRows(page, TITLE)).toHaveCount(12);

  await page.getByLabel('From', { exact: true }).fill('05/03/2026');
  await page.getByLabel('To', { exact: true }).fill('08/03/2026');
  await expect(page).toHaveURL(/[?&]from=2026-03-05/);
  await expect(page).toHaveURL(/[?&]to=2026-03-08/);
  await expect(bodyRows(page, TITLE)).toHaveCount(4);

  await page.reload();
  await expect(bodyRows(page, TITLE)).toHaveCount(4);
  await expect(column(page, DATE)).toHaveText(['08/03/2026', '07/03/2026', '06/03/2026', '05/03/2026']);
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('05/03/2026');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('08/03/2026');
});

test('exports the filtered, sorted list as CSV: every matching row, BOM first, plain amounts and ISO days', async ({
  page,
  api,
}) => {
  const label = unique('Csv');
  const customer = await twelveInvoices(api, label);
  await page.goto(`/invoices?customer=${customer}&from=2026-03-03&to=2026-03-11&sort=totalAmount&order=desc&limit=10`);
  await expect(bodyRows(page, TITLE)).toHaveCount(9);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoices.csv');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Invoice #,Manual #,Reference #,Customer,Payment Type,Amount,Paid,Remaining,Status,Date');
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows).toHaveLength(9);
  expect(rows.every((row) => row[3] === `${label} Sorted`)).toBe(true);
  const amounts = rows.map((row) => Number(row[5]));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  expect(rows.map((row) => row[9]).sort()).toEqual(
    ['03', '04', '05', '06', '07', '08', '09', '10', '11'].map((d) => `2026-03-${d}`),
  );
  expect(rows[0]?.[5]).toMatch(/^\d+\.\d{3}$/);
});

test('keyboard: Ctrl+K finds an invoice by number and opens it, jumps to a screen; / focuses the search; ? lists the shortcuts', async ({
  page,
  api,
}) => {
  const label = unique('Palette');
  const { customers, products } = await salesFixtures(api, label, ['Buyer'], [['Item', 2_500]]);
  const invoice = await api.create<{ invoiceNumber: string }>('/invoices', {
    customer: customers[0]._id,
    dateOfCreation: '2026-03-01T00:00:00.000Z',
    products: [{ product: products[0]._id, quantity: 2, unitPrice: 2_500 }],
    totalAmount: 5_000,
  });

  await page.goto('/invoices');
  await expect(bodyRows(page, TITLE).first()).toBeVisible();
  // The shortcut listens once the shell has mounted, which can trail the first rows on a busy machine.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('searchbox', { name: 'Search' }).blur();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Ctrl+K or ⌘K');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  const box = palette.getByRole('combobox', { name: 'Search screens, customers, invoices and payments' });
  await expect(box).toBeFocused();
  await box.fill(invoice.invoiceNumber);
  const option = palette.getByRole('option', { name: new RegExp(invoice.invoiceNumber) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(`${label} Buyer`);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?search=${invoice.invoiceNumber}$`));
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE).first()).toContainText(invoice.invoiceNumber);

  // Screens come from every area's released routes: arrows pick one, Enter goes there.
  await page.keyboard.press('Control+k');
  await box.fill('customer');
  await expect(palette.getByRole('option', { name: /Customer Balances/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Customers/ })).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  const selected = palette.getByRole('option', { selected: true });
  for (let step = 0; step < 10 && !(await selected.textContent())?.startsWith('Customer Balances'); step++)
    await page.keyboard.press('ArrowDown');
  await expect(selected).toContainText('Customer Balances');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer-balances$/);
});
