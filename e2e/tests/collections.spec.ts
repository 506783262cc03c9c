// The daily cash-up as the accounts use it, against the real API and database: a sales cashier
// takes an advance in Cash and an invoice payment by Knet at the counter; the admin opens
// Collections, limits it to that cashier, reads the figures, downloads the CSV; an accountant
// reads the same report in Arabic, on a phone's width.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/signed-in';
import { expectTitle, menuLink, openGroup } from '../support/shell';
import { unique } from '../support/masters';
import { makeInvoice } from '../support/payments';
import { businessToday, shownDay } from '../support/days';
import { salesFixtures } from '../support/sales';
import { expectNoEnglish, expectRightToLeft, keepScreenshot, LANGUAGE_STORAGE_KEY } from '../support/arabic';
import { expectNoSeriousViolations } from '../support/screens';

const PASSWORD = 'a long collections password';

/** Signs `username` in through the API and returns their token. */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The money-in table's row of `mode`, as its cells' texts. */
async function modeRow(page: Page, table: string, mode: string): Promise<string[]> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: mode }).first();
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

test("a cashier's day: money in by mode, the entries behind it, the CSV, and the same in Arabic on a phone", async ({
  page,
  api,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const label = unique('Cashup');
  const tag = label.split(' ')[1]!.toLowerCase();
  const cashier = { username: `cashier-${tag}`, name: `${label} Cashier` };
  await api.create('/users', { ...cashier, role: 'sales', password: PASSWORD });
  await api.create('/users', {
    username: `accounts-${tag}`,
    name: `${label} Accounts`,
    role: 'accountant',
    password: PASSWORD,
  });
  const { customers, products } = await salesFixtures(api, label, ['Ghanim'], [['Cement', 12_500]]);
  const invoice = await makeInvoice(api, customers[0], products[0], 1);

  // At the counter, as the cashier: 25.000 KD in Cash, and the invoice's 12.500 KD by Knet.
  const today = businessToday();
  const paymentDate = `${today}T00:00:00.000Z`;
  const headers = { Authorization: `Bearer ${await tokenOf(request, cashier.username)}` };
  for (const [path, data] of [
    ['advance', { customer: customers[0]._id, paymentDate, paymentMode: 'Cash', amount: 25_000 }],
    [
      'invoice',
      {
        customer: customers[0]._id,
        paymentDate,
        paymentMode: 'Knet',
        relatedInvoices: [{ invoice: invoice._id, paidAmount: 12_500 }],
      },
    ],
  ] as const) {
    const made = await request.post(`/api/payments/${path}`, { headers, data });
    expect(made.status(), await made.text()).toBe(201);
  }

  // The admin opens Collections from the menu: today, everyone; then only the cashier.
  await page.goto('/');
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Collections').click();
  await expectTitle(page, 'Collections');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(shownDay(today));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(shownDay(today));
  await page.getByLabel('Recorded by').selectOption({ label: cashier.name });
  const sheet = page.getByRole('article', { name: `Collections ${shownDay(today)}` });
  await expect(sheet.getByText(cashier.name, { exact: true }).first()).toBeVisible();
  await expect(sheet.getByRole('table', { name: 'Entries of the period' }).locator('tbody tr')).toHaveCount(2);
  expect(await modeRow(page, 'Money in by mode', 'Cash')).toEqual(['Cash', '1', '25.000 KD', '0.000 KD', '25.000 KD']);
  expect(await modeRow(page, 'Money in by mode', 'Knet')).toEqual(['Knet', '1', '12.500 KD', '0.000 KD', '12.500 KD']);
  expect(await modeRow(page, 'Money in by mode', 'Total')).toEqual([
    'Total',
    '2',
    '37.500 KD',
    '0.000 KD',
    '37.500 KD',
  ]);
  const figures = sheet.getByRole('group', { name: 'Figures of the period' });
  await expect(figures.getByText('Net collected').locator('..')).toContainText('37.500 KD');
  await expectNoSeriousViolations(page, '/collections', testInfo);
  await keepScreenshot(page, testInfo, 'collections');

  // The CSV holds the two entries; its Money In column adds up to the net collected.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`collections-${today}.csv`);
  const [header, ...rows] = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const columns = header!.split(',');
  const moneyIn = columns.indexOf('Money In (KD)');
  expect(rows).toHaveLength(2);
  expect(rows.reduce((sum, row) => sum + Number(row.split(',')[moneyIn]), 0)).toBe(37.5);
  expect(rows.every((row) => row.endsWith(cashier.name))).toBe(true);

  // An accountant reads the same report in Arabic on a phone: right to left, in Arabic, nothing off the screen.
  const accountant = await tokenOf(request, `accounts-${tag}`);
  await page.evaluate(
    ([token, key]) => {
      localStorage.setItem('token', token);
      localStorage.setItem(key, 'ar');
    },
    [accountant, LANGUAGE_STORAGE_KEY] as const,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/collections?user=${new URL(page.url()).searchParams.get('user')}`);
  await expectRightToLeft(page);
  const arabic = page.getByRole('article', { name: `التحصيلات ${shownDay(today)}` });
  await expect(arabic.getByRole('table', { name: 'المقبوضات حسب طريقة الدفع' })).toContainText('كي نت');
  await expect(arabic.getByRole('group', { name: 'أرقام الفترة' })).toContainText('37.500 د.ك');
  // The records' names and the company's, as the settings hold it, may be English.
  const { data: company } = await api.get<{ data: { companyNameEn: string } }>('/settings/company');
  await expectNoEnglish(
    page.getByRole('main'),
    'collections in Arabic',
    [label, 'CSV', company.companyNameEn].filter(Boolean),
  );
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]!);
  await expectNoSeriousViolations(page, '/collections in Arabic on a phone', testInfo);
  await keepScreenshot(page, testInfo, 'collections in Arabic on a phone');
});
