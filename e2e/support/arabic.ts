// Screens in Arabic: how a test opens the product in Arabic, and the check that no English text of
// the product is left in what staff read (menus, titles, buttons, column headers, labels, empty
// texts, toasts), judged against the English catalogues the product ships.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './platform';

const REPO = join(import.meta.dirname, '..', '..');
const CATALOGUES = [
  'host/src/locales',
  'shared/src/ui-kit/locales',
  'shared/src/ui-kit/areas/locales',
  'shared/src/contract/locales',
  'shared/src/contract/areas/locales',
  'remote-masters/src/locales',
  'remote-sales/src/locales',
  'remote-payments/src/locales',
];

/** The localStorage key where the product keeps the language chosen on a browser. */
export const LANGUAGE_STORAGE_KEY = 'admin.language';

/** Opens every page of this test in Arabic, as a browser where Arabic was chosen before sign-in. */
export async function useArabic(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'ar'), LANGUAGE_STORAGE_KEY);
}

/** Opens the product in Arabic and signs the admin in through the Arabic form, landing on the dashboard. */
export async function signInInArabic(page: Page, baseUrl = ''): Promise<void> {
  await useArabic(page);
  await page.goto(`${baseUrl}/login`);
  await expectRightToLeft(page);
  await page.getByLabel('اسم المستخدم', { exact: true }).fill(ADMIN_USERNAME);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Every English text of the product's catalogues (their values), whole. */
export function englishTexts(): Set<string> {
  const texts = new Set<string>();
  for (const folder of CATALOGUES) {
    const path = join(REPO, folder, 'en.json');
    if (!readdirSync(join(REPO, folder)).includes('en.json')) continue;
    for (const text of Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>)) {
      texts.add(text.replace(/\{\{\w+\}\}/g, '').trim());
    }
  }
  texts.delete('');
  return texts;
}

/** Words of three letters or more in the English catalogues: none may show in Arabic chrome. */
function englishWords(): Set<string> {
  const words = new Set<string>();
  for (const text of englishTexts())
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) words.add(word.toLowerCase());
  return words;
}

/** What staff read as the product's own words (not records' data): menus, titles, buttons, headers, labels, statuses, toasts. */
const CHROME = [
  'nav a',
  'header',
  'h1',
  'h2',
  'h3',
  'button',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="tab"]',
  'th',
  '[role="columnheader"]',
  'label',
  'legend',
  '[role="status"]',
  '[role="alert"]',
  '[data-scope="toast"]',
].join(', ');

/**
 * Fails naming every piece of the product's chrome inside `scope` whose visible text holds an
 * English word of the catalogues. `allow` removes data that may be English (a customer's name, a
 * username) before the check; codes such as INV-000042 are always allowed.
 */
export async function expectNoEnglish(
  scope: Page | Locator,
  where: string,
  allow: (string | RegExp)[] = [],
): Promise<void> {
  const words = englishWords();
  const root = 'locator' in scope && !('goto' in scope) ? scope : (scope as Page).locator('body');
  const texts = await root
    .locator(CHROME)
    .evaluateAll((elements) =>
      elements
        .filter((e) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0)
        .map((e) => (e as HTMLElement).innerText ?? ''),
    );
  const left: string[] = [];
  for (const raw of texts) {
    let text = raw.replace(/\b[A-Z]{2,5}-\d+\b/g, ' ');
    for (const pattern of allow)
      text = typeof pattern === 'string' ? text.split(pattern).join(' ') : text.replace(pattern, ' ');
    const english = (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => words.has(word.toLowerCase()));
    if (english.length) left.push(`"${raw.trim().slice(0, 80)}" (${english.join(', ')})`);
  }
  expect(left, `English left in ${where}`).toEqual([]);
}

/** Records' own data, which may be English: every name made for a test starts with its `label`. */
export function recordsLabelled(label: string): RegExp {
  return new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\w ]*`, 'g');
}

/** The document is in Arabic, right to left. */
export async function expectRightToLeft(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

/** A full-page screenshot kept with the test's output (test-results), named after what it shows. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name.replace(/[^\w-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
