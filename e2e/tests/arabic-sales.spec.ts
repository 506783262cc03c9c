// The Sales area in Arabic: the invoices and scheduled invoices screens and every dialog they open
// speak Arabic right to left (records' own data aside), pass axe, and a Credit invoice is created
// through the Arabic dialog, its refusals and its toast in Arabic too.
import type { Browser, APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoEnglish, keepScreenshot, recordsLabelled, signInInArabic } from '../support/arabic';
import { dialog, expectRefusals, expectToast } from '../support/dialogs';
import { signInWithApi, unique, type MastersApi } from '../support/masters';
import { makeInvoice } from '../support/payments';
import { businessToday, shownDay } from '../support/days';
import { choose, salesFixtures, scheduleStep, type MadeCustomer, type MadeProduct } from '../support/sales';
import { expectNoSeriousViolations } from '../support/screens';

let label: string;
/** The customer and the product made for this test. */
let customer: MadeCustomer;
let product: MadeProduct;
let api: MastersApi;
/** The records' own data, which may be English: every name made for this test starts with its label. */
let records: RegExp;

/** Records made through the API by a session of their own (the page under test signs in in Arabic). */
async function makeRecords(browser: Browser, request: APIRequestContext, prefix: string) {
  const setup = await browser.newPage();
  api = await signInWithApi(setup, request);
  label = unique(prefix);
  records = recordsLabelled(label);
  ({
    customers: [customer],
    products: [product],
  } = await salesFixtures(api, label, ['Acme'], [['Router', 1005]]));
  return setup;
}

/** The screen's own words in Arabic (records' data allowed), kept as a screenshot, and no serious axe finding. */
async function checkScreen(page: Page, scope: Locator, where: string, testInfo: TestInfo, include?: string) {
  await expectNoEnglish(scope, where, [records]);
  await keepScreenshot(page, testInfo, where);
  await expectNoSeriousViolations(page, where, testInfo, { include });
}

/** The list filtered to this test's records, once its rows are there. */
async function openList(page: Page, path: string, title: string, rows: number) {
  await page.goto(`${path}?search=${encodeURIComponent(label)}`);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: title });
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(rows);
  return table;
}

/** Opens a row's History and checks it, then closes it. */
async function checkHistory(page: Page, name: string, testInfo: TestInfo, where: string) {
  await page.getByRole('button', { name: `سجل تغييرات ${name}`, exact: true }).click();
  const history = dialog(page, `سجل تغييرات ${name}`);
  await expect(history.getByRole('listitem').first()).toBeVisible();
  await checkScreen(page, history, where, testInfo, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
}

test('invoices in Arabic: list, add (refusals, then a Credit invoice), edit, history and delete', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Six screens and dialogs read by axe, two invoices made and one deleted, on two shared cores.
  test.setTimeout(120_000);
  const setup = await makeRecords(browser, request, 'ArInv');
  const existing = await makeInvoice(api, customer, product, 2);
  await setup.close();
  await signInInArabic(page);

  const table = await openList(page, '/invoices', 'الفواتير', 1);
  await expect(table.locator('tbody')).toContainText('آجل');
  await expect(table.locator('tbody')).toContainText('2.010 د.ك');
  await checkScreen(page, page.getByRole('main'), 'invoices list', testInfo);

  // Submitted empty, the dialog names every missing field in Arabic.
  await page.getByRole('button', { name: 'إضافة فاتورة', exact: true }).click();
  const add = dialog(page, 'إضافة فاتورة جديدة');
  await add.getByLabel(/^التاريخ/).fill('');
  await expectRefusals(add, 'إنشاء', [
    'العميل مطلوب',
    'التاريخ مطلوب',
    'المنتج مطلوب',
    'سعر الوحدة مطلوب',
    'المبلغ الإجمالي مطلوب',
  ]);
  await checkScreen(page, add, 'add invoice refused', testInfo, '[role="dialog"]');

  await choose(add, add.getByRole('combobox', { name: /^العميل/ }), label, `${label} Acme`);
  await add.getByLabel(/^التاريخ/).fill('21/11/2026');
  await expect(add.getByLabel(/^نوع الدفع/)).toHaveValue('true');
  await choose(add, add.getByRole('combobox', { name: 'المنتج (البند 1)' }), `${label} Router`, `${label} Router`);
  await add.getByLabel('الكمية (البند 1)', { exact: true }).fill('3');
  await add.getByLabel('الرقم المرجعي').fill(`${label}-PO`);
  await expect(add.getByLabel('المبلغ الإجمالي (د.ك)')).toHaveValue('3.015');
  await checkScreen(page, add, 'add invoice filled', testInfo, '[role="dialog"]');
  await add.getByRole('button', { name: 'إنشاء', exact: true }).click();
  await expectToast(page, 'تم إنشاء الفاتورة بنجاح');
  await expect(add).toBeHidden();

  await expect(table.locator('tbody').getByRole('row')).toHaveCount(2);
  const created = table.locator('tbody').getByRole('row').filter({ hasText: '3.015 د.ك' });
  await expect(created).toContainText('آجل');
  await expect(created).toContainText('غير مدفوعة');
  await expect(created).toContainText(shownDay('2026-11-21'));

  await page.getByRole('button', { name: `تعديل ${existing.invoiceNumber}`, exact: true }).click();
  const edit = dialog(page, 'تعديل الفاتورة');
  await expect(edit.getByRole('combobox', { name: 'المنتج (البند 1)' })).toHaveValue(`${label} Router`);
  await checkScreen(page, edit, 'edit invoice', testInfo, '[role="dialog"]');
  await edit.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(edit).toBeHidden();

  await checkHistory(page, existing.invoiceNumber, testInfo, 'invoice history');

  await page.getByRole('button', { name: `حذف ${existing.invoiceNumber}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('هل أنت متأكد من حذف');
  await checkScreen(page, confirm, 'delete invoice', testInfo, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
  await expectToast(page, 'تم حذف الفاتورة بنجاح');
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(1);
});

test('scheduled invoices in Arabic: list, due card, add, edit, history, delete question and generate', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const setup = await makeRecords(browser, request, 'ArPlan');
  const schedule = await api.create<{ _id: string; scheduleName: string }>('/scheduled-invoices', {
    scheduleName: `${label} rent`,
    customer: customer._id,
    dateOfCreation: `${businessToday()}T00:00:00.000Z`,
    startDate: `${businessToday()}T00:00:00.000Z`,
    recurringPeriod: 3,
    products: [{ product: product._id, quantity: 1, unitPrice: 1005 }],
  });
  // Active and due today: it shows in the due card with Generate.
  await scheduleStep(setup, request, schedule._id, 'activate');
  await setup.close();
  await signInInArabic(page);

  const table = await openList(page, '/scheduled-invoices', 'الفواتير المجدولة', 1);
  await expect(table.locator('tbody')).toContainText('3 أشهر');
  await expect(table.locator('tbody')).toContainText('نشط');
  await checkScreen(page, page.getByRole('main'), 'schedules list', testInfo);

  await page.getByRole('button', { name: 'إضافة جدولة', exact: true }).click();
  const add = dialog(page, 'إضافة جدولة جديدة');
  await expect(
    add
      .getByLabel(/^فترة التكرار/)
      .locator('option')
      .first(),
  ).toHaveText('اختر الفترة');
  await add.getByLabel(/^فترة التكرار/).selectOption('1');
  await expect(add.getByRole('status', { name: 'الفواتير القادمة' })).toContainText('، ');
  await checkScreen(page, add, 'add schedule', testInfo, '[role="dialog"]');
  await add.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: `تعديل ${schedule.scheduleName}`, exact: true }).click();
  const edit = dialog(page, 'تعديل الجدولة');
  await expect(edit.getByLabel(/^اسم الجدولة/)).toHaveValue(schedule.scheduleName);
  await checkScreen(page, edit, 'edit schedule', testInfo, '[role="dialog"]');
  await edit.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(edit).toBeHidden();

  await checkHistory(page, schedule.scheduleName, testInfo, 'schedule history');

  await page.getByRole('button', { name: `حذف ${schedule.scheduleName}`, exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('هل أنت متأكد من حذف');
  await checkScreen(page, question, 'delete schedule', testInfo, '[role="alertdialog"]');
  await question.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(question).toBeHidden();

  await page.getByRole('button', { name: `إنشاء فاتورة من ${schedule.scheduleName}`, exact: true }).click();
  const generate = page.getByRole('alertdialog');
  await expect(generate).toContainText('هل أنت متأكد من إنشاء فاتورة جديدة من هذه الجدولة؟');
  await checkScreen(page, generate, 'generate invoice', testInfo, '[role="alertdialog"]');
  await generate.getByRole('button', { name: 'إنشاء فاتورة', exact: true }).click();
  await expectToast(page, 'تم إنشاء الفاتورة بنجاح');
  // Generated, the schedule's next invoice is three months on: it leaves the due card.
  await expect(page.getByRole('button', { name: `إنشاء فاتورة من ${schedule.scheduleName}`, exact: true })).toHaveCount(
    0,
  );
});
