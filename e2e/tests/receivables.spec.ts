// Receivables end to end: a Credit invoice past its due date turns Overdue by itself, sits in the
// right bucket of the aging report, its customer's statement prints with opening and closing
// balances and downloads as CSV with the same lines, and paying the invoice clears the report.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { bodyRows, searchFor } from '../support/lists';
import { signInWithApi, unique } from '../support/masters';
import { addDays, businessToday, shownDay } from '../support/days';
import { salesFixtures } from '../support/sales';
import { expectTitle, menuLink, openGroup } from '../support/shell';

/** `n` days before the business day, 'YYYY-MM-DD'. */
function daysAgo(n: number): string {
  return addDays(businessToday(), -n);
}

/** The cells of a table row, as text. */
async function cellsOf(row: import('@playwright/test').Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

async function agingRow(page: Page, customerName: string) {
  await page.goto('/receivables-aging');
  await expectTitle(page, 'Receivables Aging');
  await searchFor(page, 'Receivables Aging', customerName);
}

test('an overdue Credit invoice: Overdue in the list, its aging bucket, the statement and its CSV, and paid it leaves the report', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request);
  const label = unique('Recv');
  const { customers, products } = await salesFixtures(api, label, ['Late Payer'], [['Service', 10_000]]);
  const [customer] = customers;
  // Dated 100 days ago with the default 30 days of terms: due 70 days ago, so in 61–90 days.
  const invoice = await api.create<{ _id: string; invoiceNumber: string; dueDate: string; status: string }>(
    '/invoices',
    {
      customer: customer._id,
      dateOfCreation: daysAgo(100),
      credit: true,
      status: 'unpaid',
      products: [{ product: products[0]._id, quantity: 1, unitPrice: 10_000 }],
    },
  );
  expect(invoice.dueDate.slice(0, 10)).toBe(daysAgo(70));

  // The overdue job (nudged by the write) makes it Overdue without anyone touching it.
  await page.goto('/invoices?status=overdue');
  await expect(async () => {
    await page.reload();
    await searchFor(page, 'Invoices', invoice.invoiceNumber);
    await expect(bodyRows(page, 'Invoices')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const listed = bodyRows(page, 'Invoices').first();
  await expect(listed).toContainText('Overdue');
  await expect(listed).toContainText(shownDay(daysAgo(70)));

  // The aging report, reached from the menu, has it in 61–90 days.
  await page.goto('/');
  await expectTitle(page, 'Dashboard');
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Receivables Aging').click();
  await expectTitle(page, 'Receivables Aging');
  await searchFor(page, 'Receivables Aging', customer.customerName, 1);
  // Read again until the list has settled on the searched row (it re-renders as the search lands).
  const buckets = async () => {
    const headers = (
      await page.getByRole('table', { name: 'Receivables Aging' }).getByRole('columnheader').allTextContents()
    ).map((h) => h.trim());
    const cells = await cellsOf(bodyRows(page, 'Receivables Aging').first());
    const cell = (header: string) => cells[headers.findIndex((h) => h.startsWith(header))];
    return [cell('Current'), cell('1–30'), cell('31–60'), cell('61–90'), cell('Over 90'), cell('Total')];
  };
  await expect.poll(buckets).toEqual(['0.000 KD', '0.000 KD', '0.000 KD', '10.000 KD', '0.000 KD', '10.000 KD']);

  // Its statement: the last three months open on the whole invoice (dated before them).
  await page.getByRole('link', { name: `Statement ${customer.customerName}` }).click();
  const sheet = page.getByRole('article', { name: `Statement of ${customer.customerName}` });
  const lines = sheet.getByRole('table', { name: 'Statement lines' });
  await expect(lines.getByRole('row').filter({ hasText: 'Opening balance' })).toContainText('10.000 KD');
  await expect(lines.getByRole('row').filter({ hasText: 'Closing balance' })).toContainText('10.000 KD');

  // From four months ago the invoice is a line of its own between balances of 0 and 10.000.
  const from = page.getByLabel('From', { exact: true });
  await from.fill(shownDay(daysAgo(120)));
  await from.blur();
  await expect(page).toHaveURL(new RegExp(`from=${daysAgo(120)}`));
  await expect(lines.getByRole('row').filter({ hasText: 'Opening balance' })).toContainText('0.000 KD');
  const invoiceLine = lines.getByRole('row').filter({ hasText: invoice.invoiceNumber });
  await expect(invoiceLine).toContainText('10.000 KD');
  await expect(lines.getByRole('row').filter({ hasText: 'Closing balance' })).toContainText('10.000 KD');
  await expect(sheet.getByLabel('Aging')).toContainText('10.000 KD');

  // On paper only the sheet shows, balances included; the menu and the buttons do not.
  await page.emulateMedia({ media: 'print' });
  await expect(lines.getByRole('row').filter({ hasText: 'Opening balance' })).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: 'Closing balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The CSV holds the same lines between the opening and closing balances.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Date,Type,Number,Description,Debit (KD),Credit (KD),Balance (KD)');
  expect(csv[1]).toBe(`${daysAgo(120)},,,Opening balance,,,0.000`);
  expect(csv.slice(2, -1)).toEqual([
    `${daysAgo(100)},Invoice,${invoice.invoiceNumber},"Invoice, due ${daysAgo(70)}",10.000,0.000,10.000`,
  ]);
  expect(csv.at(-1)).toBe(`${businessToday()},,,Closing balance,,,10.000`);
  const shownLines = await lines.getByRole('row').count();
  // Header, opening, the lines, closing: the same lines as the file.
  expect(shownLines - 3).toBe(csv.length - 3);

  // Paid in full, the customer has nothing due: the report no longer lists them.
  await api.create('/payments/invoice', {
    customer: customer._id,
    paymentDate: businessToday(),
    paymentMode: 'Cash',
    relatedInvoices: [{ invoice: invoice._id, paidAmount: 10_000 }],
  });
  await agingRow(page, customer.customerName);
  await expect(page.getByText('Nothing is due', { exact: true })).toBeVisible();
});
