// Company settings set by an admin from the user menu go on the printed invoice: the company block,
// the logo and the footer, in the customer's preferred language (Arabic here, right to left, د.ك),
// in English and in the bilingual layout; Arabic-Indic digits when the company asks for them.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectRightToLeft, keepScreenshot, signInInArabic } from '../support/arabic';
import { expectToast } from '../support/dialogs';
import { signInWithApi, unique } from '../support/masters';
import { customerWithInvoice } from '../support/sales';
import { platformFor } from '../support/platform';
import { expectNoSeriousViolations } from '../support/screens';
import { expectTitle, userMenuButton } from '../support/shell';

const platform = platformFor('documents');

// A 1×1 PNG: the smallest logo a browser draws.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+Q3JQAAAABJRU5ErkJggg==',
  'base64',
);

const COMPANY = {
  nameEn: 'Gulf Trading Co.',
  nameAr: 'شركة الخليج التجارية',
  phone: '+965 2222 3333',
  cr: 'CR-48213',
  footer: 'Thank you for your business / شكرًا لتعاملكم معنا',
};

/** Fills and saves the company block on its page, reached from the user menu as an admin would. */
async function setCompany(page: Page, arabicIndicDigits: boolean) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Company settings' }).click();
  await expectTitle(page, 'Company settings');
  const form = page.getByRole('form', { name: 'Company settings' });
  await form.getByLabel('Company name (English)').fill(COMPANY.nameEn);
  await form.getByLabel('Company name (Arabic)').fill(COMPANY.nameAr);
  await form.getByLabel('Phone').fill(COMPANY.phone);
  await form.getByLabel('Commercial registration number').fill(COMPANY.cr);
  await form.getByLabel('Invoice footer').fill(COMPANY.footer);
  const digits = form.getByRole('checkbox', { name: /Arabic-Indic digits/ });
  if ((await digits.isChecked()) !== arabicIndicDigits) await digits.click({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Company settings saved');
}

async function expectLogoDrawn(sheet: Locator) {
  const logo = sheet.locator('header img');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test('company settings from the user menu print on the invoice in the customer’s Arabic, in English and in both', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = await signInWithApi(page, request, platform.url);
  const label = unique('Print');
  // Dated a week ago, due in 23 days: Unpaid, not Overdue.
  const { invoice } = await customerWithInvoice(api, label, {
    customerName: `${label} Acme`,
    customerAlternateName: 'شركة أكمي',
    preferredLanguage: 'ar',
  });

  // Before any company settings, the sheet names no seller, and the admin is asked to set them.
  await page.goto(`${platform.url}/invoices/${invoice._id}/print?print=en`);
  await expect(
    page
      .getByRole('article', { name: `Invoice ${invoice.invoiceNumber}` })
      .getByRole('heading', { name: 'Company details not set' }),
  ).toBeVisible();
  await expect(page.getByText("Company details are not set: documents print without the seller's name.")).toBeVisible();

  // Printed from the dark theme, the sheet is still dark text on white paper.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  const sheetColours = () =>
    page
      .getByRole('article', { name: `Invoice ${invoice.invoiceNumber}` })
      .evaluate((sheet) => [getComputedStyle(sheet).backgroundColor, getComputedStyle(sheet).color]);
  await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
  const [paper, ink = ''] = await sheetColours();
  expect(paper).toBe('rgb(255, 255, 255)');
  expect(
    ink
      .match(/\d+/g)!
      .map(Number)
      .every((channel) => channel < 64),
  ).toBe(true);
  await page.emulateMedia({ colorScheme: 'light', media: 'screen' });

  await setCompany(page, false);
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Logo saved');
  await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();

  // The customer prefers Arabic: the sheet is Arabic, right to left, whatever the screen's language.
  await page.goto(`${platform.url}/invoices/${invoice._id}/print`);
  const arabic = page.getByRole('article', { name: `فاتورة ${invoice.invoiceNumber}` });
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic).toHaveAttribute('lang', 'ar');
  await expect(arabic.getByRole('heading', { name: COMPANY.nameAr })).toBeVisible();
  await expect(arabic).toContainText(COMPANY.phone);
  await expect(arabic).toContainText(COMPANY.cr);
  await expect(arabic).toContainText('فاتورة إلى');
  await expect(arabic.getByLabel('الإجماليات')).toContainText('1,234.500 د.ك');
  await expect(arabic).toContainText('ألف ومائتان وأربعة وثلاثون دينارًا كويتيًا وخمسمائة فلس');
  await expect(arabic).toContainText('غير مدفوعة');
  await expect(arabic.locator('footer')).toHaveText(COMPANY.footer);
  await expectLogoDrawn(arabic);
  await keepScreenshot(page, testInfo, 'invoice in Arabic');
  await expectNoSeriousViolations(page, 'invoice printed in Arabic', testInfo);

  await page.getByRole('button', { name: 'English' }).click();
  const english = page.getByRole('article', { name: `Invoice ${invoice.invoiceNumber}` });
  await expect(english).toHaveAttribute('dir', 'ltr');
  await expect(english.getByRole('heading', { name: COMPANY.nameEn })).toBeVisible();
  await expect(english.getByLabel('Totals')).toContainText('Total1,234.500 KD');
  await expect(english).toContainText('One thousand two hundred thirty-four Kuwaiti dinars and five hundred fils');
  await expect(english).toContainText('Unpaid');
  await expect(english.locator('footer')).toHaveText(COMPANY.footer);

  await page.getByRole('button', { name: 'Bilingual' }).click();
  await expect(page).toHaveURL(/print=both/);
  const both = page.getByRole('article', { name: `Invoice ${invoice.invoiceNumber}` });
  const heading = both.locator('header').getByRole('heading');
  await expect(heading).toContainText(COMPANY.nameEn);
  await expect(heading).toContainText(COMPANY.nameAr);
  // Each heading in both languages as one block: the Arabic under the English, aligned as it is.
  const quantity = both.getByRole('columnheader', { name: /Quantity\s*الكمية/ });
  await expect(quantity).toBeVisible();
  const [englishBox, arabicBox] = await Promise.all(
    ['Quantity', 'الكمية'].map((word) => quantity.getByText(word, { exact: true }).boundingBox()),
  );
  expect(arabicBox!.y).toBeGreaterThan(englishBox!.y);
  expect(Math.abs(arabicBox!.x + arabicBox!.width - (englishBox!.x + englishBox!.width))).toBeLessThan(2);
  // Worded values too: 'Credit / آجل', 'Unpaid / غير مدفوعة'.
  await expect(both).toContainText('Unpaid / غير مدفوعة');
  await expect(both.locator('[lang="ar"]', { hasText: 'فاتورة إلى' })).toBeVisible();
  await expectLogoDrawn(both);
  await keepScreenshot(page, testInfo, 'invoice bilingual');

  // Arabic-Indic digits: on Arabic documents only.
  await page.goto(`${platform.url}/`);
  await setCompany(page, true);
  await page.goto(`${platform.url}/invoices/${invoice._id}/print`);
  await expect(arabic.getByLabel('الإجماليات')).toContainText('١,٢٣٤.٥٠٠ د.ك');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(english.getByLabel('Totals')).toContainText('Total1,234.500 KD');
});

test('the company settings page speaks Arabic right to left and refuses a wrong logo by name', async ({
  page,
}, testInfo) => {
  await signInInArabic(page, platform.url);
  await page.getByRole('banner').getByRole('button', { name: 'الحساب' }).click();
  await page.getByRole('menuitem', { name: 'إعدادات الشركة' }).click();
  await expectRightToLeft(page);
  const form = page.getByRole('form', { name: 'إعدادات الشركة' });
  await expect(form.getByLabel('اسم الشركة بالعربية')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('يجب أن يكون الشعار صورة بصيغة PNG أو SVG')).toBeVisible();
  await keepScreenshot(page, testInfo, 'company settings in Arabic');
  await expectNoSeriousViolations(page, 'company settings in Arabic', testInfo);
});
