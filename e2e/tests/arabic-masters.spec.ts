// The Masters area in Arabic: customers, products and the four lookup screens, and every dialog
// they open (add, edit, delete question, history) and their filters, speak Arabic right to left
// (records' own data aside) and pass axe; a customer is added through the Arabic dialog, its
// refusals and its toast in Arabic too.
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoEnglish, keepScreenshot, recordsLabelled, signInInArabic } from '../support/arabic';
import { dialog, expectRefusals, expectToast } from '../support/dialogs';
import { customerLookups, makeCustomer, signInWithApi, unique } from '../support/masters';
import { expectNoSeriousViolations } from '../support/screens';

let label: string;
/** The records' own data, which may be English: every name made for this test starts with its label. */
let records: RegExp;

/** One record on every Masters list, made through the API by a session of its own. */
async function makeRecords(browser: Browser, request: APIRequestContext) {
  const setup = await browser.newPage();
  const api = await signInWithApi(setup, request);
  label = unique('ArMasters');
  records = recordsLabelled(label);
  await makeCustomer(api, await customerLookups(api, label), {
    customerName: `${label} Acme`,
    dateOfCreation: '2026-11-01T00:00:00.000Z',
  });
  const type = await api.create('/types', { productTypeName: `${label} type` });
  await api.create('/products', { productName: `${label} Router`, productPrice: 1005, productType: type._id });
  await setup.close();
}

/** The screen's own words in Arabic (records' data allowed), kept as a screenshot, and no serious axe finding. */
async function checkScreen(page: Page, scope: Locator, where: string, testInfo: TestInfo, include?: string) {
  await expectNoEnglish(scope, where, [records]);
  await keepScreenshot(page, testInfo, where);
  await expectNoSeriousViolations(page, where, testInfo, { include });
}

interface Screen {
  path: string;
  title: string;
  add: string;
  /** The add and edit dialogs' titles. */
  create: string;
  edit: string;
  /** The row this test made. */
  row: string;
  /** The list's filters, by their Arabic names. */
  filters: string[];
}

const screens = (): Screen[] => [
  {
    path: '/customers',
    title: 'العملاء',
    add: 'إضافة عميل',
    create: 'إضافة عميل جديد',
    edit: 'تعديل العميل',
    row: `${label} Acme`,
    filters: ['الحالة', 'الفئة', 'الجنسية', 'المدينة'],
  },
  {
    path: '/products',
    title: 'المنتجات',
    add: 'إضافة منتج',
    create: 'إضافة منتج جديد',
    edit: 'تعديل المنتج',
    row: `${label} Router`,
    filters: ['نوع المنتج'],
  },
  {
    path: '/customer-kinds',
    title: 'فئات العملاء',
    add: 'إضافة فئة عملاء',
    create: 'إضافة فئة عملاء جديدة',
    edit: 'تعديل فئة العملاء',
    row: `${label} kind`,
    filters: [],
  },
  {
    path: '/customer-nationalities',
    title: 'جنسيات العملاء',
    add: 'إضافة جنسية',
    create: 'إضافة جنسية جديدة',
    edit: 'تعديل الجنسية',
    row: `${label} nationality`,
    filters: [],
  },
  {
    path: '/customer-cities',
    title: 'مدن العملاء',
    add: 'إضافة مدينة',
    create: 'إضافة مدينة جديدة',
    edit: 'تعديل المدينة',
    row: `${label} city`,
    filters: [],
  },
  {
    path: '/types',
    title: 'أنواع المنتجات',
    add: 'إضافة نوع',
    create: 'إضافة نوع جديد',
    edit: 'تعديل النوع',
    row: `${label} type`,
    filters: [],
  },
];

/** A dialog is checked, then left with its Arabic Cancel (or Close). */
async function checkDialog(page: Page, opened: Locator, where: string, testInfo: TestInfo, leave: string) {
  await expect(opened).toBeVisible();
  await checkScreen(page, opened, where, testInfo, '[role="dialog"], [role="alertdialog"]');
  await opened.getByRole('button', { name: leave, exact: true }).first().click();
  await expect(opened).toBeHidden();
}

test('the Masters screens and every dialog they open speak Arabic right to left', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  await makeRecords(browser, request);
  await signInInArabic(page);

  for (const screen of screens()) {
    await page.goto(`${screen.path}?search=${encodeURIComponent(label)}`);
    await expect(
      page.getByRole('banner').getByRole('heading', { level: 1, name: screen.title, exact: true }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: screen.title });
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'بحث', exact: true })).toBeVisible();
    for (const filter of screen.filters) {
      const select = page.getByRole('combobox', { name: filter, exact: true });
      await expect(select).toBeVisible();
      // The "no filter" choice is Arabic too.
      await expect(select.locator('option').first()).toHaveText(/^جميع /);
    }
    await checkScreen(page, page.locator('body'), `${screen.path} list`, testInfo);

    await page.getByRole('button', { name: screen.add, exact: true }).click();
    await checkDialog(page, dialog(page, screen.create), `${screen.path} add`, testInfo, 'إلغاء');

    await page.getByRole('button', { name: `تعديل ${screen.row}`, exact: true }).click();
    await checkDialog(page, dialog(page, screen.edit), `${screen.path} edit`, testInfo, 'إلغاء');

    await page.getByRole('button', { name: `حذف ${screen.row}`, exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'تأكيد الحذف' });
    await expect(question.getByText(`هل أنت متأكد من حذف "${screen.row}"؟`, { exact: true })).toBeVisible();
    await checkDialog(page, question, `${screen.path} delete question`, testInfo, 'إلغاء');

    await page.getByRole('button', { name: `سجل تغييرات ${screen.row}`, exact: true }).click();
    const history = dialog(page, `سجل تغييرات ${screen.row}`);
    await expect(history.getByRole('listitem').first()).toBeVisible();
    await checkDialog(page, history, `${screen.path} history`, testInfo, 'إغلاق');
  }
});

test('a customer is added through the Arabic dialog: Arabic refusals first, then the Arabic toast', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await makeRecords(browser, request);
  await signInInArabic(page);
  await page.goto('/customers');
  await page.getByRole('button', { name: 'إضافة عميل', exact: true }).click();
  const add = dialog(page, 'إضافة عميل جديد');
  await add.getByLabel(/^تاريخ الإنشاء/).clear();
  await expectRefusals(add, 'إنشاء', [
    'اسم العميل مطلوب',
    'تاريخ الإنشاء مطلوب',
    'فئة العميل مطلوبة',
    'جنسية العميل مطلوبة',
    'مدينة العميل مطلوبة',
  ]);
  await checkScreen(page, add, 'customer add refused', testInfo, '[role="dialog"]');

  const name = `${label} Fatima`;
  await add.getByLabel(/^اسم العميل/).fill(name);
  await add.getByLabel(/^تاريخ الإنشاء/).fill('21/11/2026');
  await add.getByLabel(/^فئة العميل/).selectOption({ label: `${label} kind` });
  await add.getByLabel(/^جنسية العميل/).selectOption({ label: `${label} nationality` });
  await add.getByLabel(/^مدينة العميل/).selectOption({ label: `${label} city` });
  await expect(add.getByLabel(/^اللغة المفضلة/)).toHaveValue('en');
  await add.getByLabel(/^اللغة المفضلة/).selectOption('ar');
  await add.getByRole('button', { name: 'إنشاء', exact: true }).click();
  await expectToast(page, 'تم إنشاء العميل بنجاح');
  await expect(add).toBeHidden();
  await keepScreenshot(page, testInfo, 'customer added');

  // The customer keeps Arabic as its preferred language.
  await page.getByRole('searchbox', { name: 'بحث', exact: true }).fill(name);
  await page.getByRole('button', { name: `تعديل ${name}`, exact: true }).click();
  await expect(dialog(page, 'تعديل العميل').getByLabel(/^اللغة المفضلة/)).toHaveValue('ar');
});
