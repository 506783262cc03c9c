// The Payments area in Arabic, as staff who chose Arabic use it: every page and dialog of payments,
// customer balances and receivables aging without an English word of the product, right to left,
// with no serious accessibility finding; and an invoice paid in Arabic, from its validation
// messages to its success toast.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoEnglish, expectRightToLeft, keepScreenshot, useArabic } from '../support/arabic';
import { unique, type MastersApi } from '../support/masters';
import { activeTab, makeInvoice } from '../support/payments';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/platform';
import { expectNoSeriousViolations, openScreen } from '../support/screens';
import { salesFixtures } from '../support/sales';

let api: MastersApi;
let label: string;
let customerName: string;
let invoiceNumber: string;

/** Signs in through the API and opens the product with that session, in Arabic from the first page. */
test.beforeEach(async ({ page, request }) => {
  const response = await request.post('/api/auth/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = ((await response.json()) as { data: { token: string } }).data;
  await useArabic(page);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  const headers = { Authorization: `Bearer ${token}` };
  api = {
    async create<T>(path: string, body: object) {
      const made = await request.post(`/api/${path.replace(/^\//, '')}`, { headers, data: body });
      expect(made.status(), await made.text()).toBe(201);
      return ((await made.json()) as { data: T }).data;
    },
    async get<T>(path: string) {
      const got = await request.get(`/api/${path.replace(/^\//, '')}`, { headers });
      expect(got.ok()).toBe(true);
      return (await got.json()) as T;
    },
  } as MastersApi;

  // A customer holding an advance (so the refund is offered) and owing an invoice.
  label = unique('ArPay');
  const { customers, products } = await salesFixtures(api, label, ['Acme'], [['Service', 5_000]]);
  customerName = customers[0].customerName;
  invoiceNumber = (await makeInvoice(api, customers[0], products[0], 2)).invoiceNumber;
  await api.create('/payments/advance', {
    customer: customers[0]._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 1_500,
    referenceNumber: `${label} advance`,
  });
});

/** The records' own data may be English: this test's customer, product and lookup names. */
const allowed = () => [label, 'Acme', 'Service'];

/** No English in `scope`, a screenshot kept, and no serious axe finding on the page. */
async function checkScreen(page: Page, scope: Locator, name: string, testInfo: TestInfo) {
  await expectNoEnglish(scope, name, allowed());
  await keepScreenshot(page, testInfo, name);
  await expectNoSeriousViolations(page, name, testInfo);
}

/** The list's row of this test's customer or payment, found through the search box. */
async function searchRow(page: Page, text: string): Promise<Locator> {
  await page.getByRole('searchbox').fill(text);
  const rows = page.getByRole('main').locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

test('payments, their dialogs and an invoice paid in Arabic', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openScreen(page, '/payments');
  await expectRightToLeft(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'إضافة دفعة مقدمة' })).toBeVisible();
  await checkScreen(page, main, 'payments list', testInfo);

  // A new payment: the advance tab, then the invoice tab submitted empty, then an invoice paid.
  await main.getByRole('button', { name: 'إضافة دفعة مقدمة' }).click();
  const add = page.getByRole('dialog', { name: 'إضافة دفعة جديدة' });
  await expect(add.getByRole('tab', { name: 'دفعة مقدمة' })).toHaveAttribute('aria-selected', 'true');
  await activeTab(add).locator('button[type="submit"]').click();
  await expect(activeTab(add).getByText('العميل مطلوب', { exact: true })).toBeVisible();
  await expect(activeTab(add).getByText('المبلغ مطلوب', { exact: true })).toBeVisible();
  await checkScreen(page, add, 'new payment, advance tab', testInfo);

  await add.getByRole('tab', { name: 'سداد فاتورة' }).click();
  const tab = activeTab(add);
  await tab.locator('button[type="submit"]').click();
  await expect(tab.getByText('العميل مطلوب', { exact: true })).toBeVisible();
  const customer = tab.getByRole('combobox', { name: /^العميل/ });
  await customer.fill(label);
  await tab.getByRole('option', { name: new RegExp(`^${customerName}`) }).click();
  const payBox = tab.getByRole('checkbox', { name: new RegExp(invoiceNumber) });
  await expect(payBox).toBeVisible();
  await tab.locator('button[type="submit"]').click();
  await expect(tab.getByText('يرجى اختيار فاتورة واحدة على الأقل للسداد', { exact: true })).toBeVisible();
  await payBox.check();
  await expect(tab.getByRole('region', { name: 'تفاصيل الدفعة' })).toContainText('10.000 د.ك');
  await checkScreen(page, add, 'new payment, invoice tab', testInfo);
  await tab.getByRole('textbox', { name: /^الرقم المرجعي/ }).fill(`${label} paid`);
  await tab.locator('button[type="submit"]').click();
  await expect(page.getByText('تم سداد الفاتورة بنجاح', { exact: true }).first()).toBeVisible();
  await expect(add).toBeHidden();

  // Editing and deleting the advance recorded for this test.
  const row = await searchRow(page, `${label} advance`);
  const paymentNumber = (await row.getByRole('cell').first().textContent())!.trim();
  await row.getByRole('button', { name: `تعديل ${paymentNumber}` }).click();
  const edit = page.getByRole('dialog', { name: 'تعديل الدفعة' });
  await expect(edit.getByRole('region', { name: 'المبالغ المسجلة' })).toContainText('1.500 د.ك');
  await checkScreen(page, edit, 'edit payment', testInfo);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: `حذف ${paymentNumber}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(paymentNumber);
  await checkScreen(page, confirm, 'delete payment question', testInfo);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
});

test('customer balances, the details dialog and the refund form in Arabic', async ({ page }, testInfo) => {
  await openScreen(page, '/customer-balances');
  await expectRightToLeft(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'إجمالي الأرصدة المقدمة' })).toBeVisible();
  await checkScreen(page, main, 'customer balances', testInfo);

  const row = await searchRow(page, label);
  await row.getByRole('button', { name: `تفاصيل ${customerName}` }).click();
  const details = page.getByRole('dialog', { name: `تفاصيل رصيد ${customerName}` });
  await expect(details.getByRole('region', { name: 'ملخص المدفوعات' })).toContainText('دفعة مقدمة');
  await expect(details.getByRole('region', { name: 'ملخص الفواتير' })).toContainText('غير مدفوعة');
  await checkScreen(page, details, 'balance details', testInfo);

  await details.getByRole('button', { name: 'استرداد الرصيد المقدم' }).click();
  await expect(details.getByText(/الرصيد المقدم المتاح/)).toContainText('1.500 د.ك');
  await checkScreen(page, details, 'refund form', testInfo);
});

test('receivables aging in Arabic', async ({ page }, testInfo) => {
  await openScreen(page, '/receivables-aging');
  await expectRightToLeft(page);
  const main = page.getByRole('main');
  const totals = main.getByRole('definition').first();
  await expect(totals).toBeVisible();
  for (const bucket of ['غير مستحقة بعد', '1–30 يومًا', '31–60 يومًا', '61–90 يومًا', 'أكثر من 90 يومًا']) {
    await expect(main.getByRole('columnheader', { name: bucket })).toBeVisible();
  }
  await searchRow(page, label);
  await checkScreen(page, main, 'receivables aging', testInfo);
});
