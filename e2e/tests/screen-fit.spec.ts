// Every screen fits its window: at 1366×768 each list's row buttons are on screen (long columns
// cut, the Actions column kept in view), at 390×844 each dialog's boxes are; in Arabic a Latin
// name keeps its period at its end; switching language re-renders amounts at once; the sign-in
// page and the dashboard do not move once painted (layout shift summed in the page).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { salesFixtures } from '../support/sales';
import { dialogOpeners, openScreen, reachableScreens, recordOnEveryList } from '../support/screens';
import { expectAreaLoaded } from '../support/shell';
import { activeTab, chooseCustomer, makeInvoice } from '../support/payments';
import { dialog } from '../support/dialogs';
import { signInAsOwnAdmin, signInWithApi } from '../support/masters';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const kit = (language: 'en' | 'ar') =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', '..', 'shared', 'src', 'ui-kit', 'locales', `${language}.json`),
      'utf8',
    ),
  ) as Record<string, string>;
const ACTIONS = { en: kit('en')['list.actions'] ?? 'Actions', ar: kit('ar')['list.actions'] ?? '' };

/** Picks a language in the user menu and waits until the user keeps it. */
async function chooseLanguage(page: Page, name: 'English' | 'العربية') {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/auth/language') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Account|الحساب)$/ })
    .click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'ar');
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScrolling(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(client);
}

/**
 * Each row's buttons in the list's Actions column lie inside the window; false when the screen
 * shows no list with an Actions column.
 */
async function expectRowActionsInView(page: Page, path: string, actions: string): Promise<boolean> {
  const table = page.getByRole('main').locator('table:has(td[data-label])').first();
  if (!(await table.count())) return false;
  const lastHeader = (await table.locator('thead th').last().textContent())?.trim();
  if (lastHeader !== actions) return false;
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const buttons = await table.locator('tbody tr td:last-child :is(button, a)').evaluateAll((elements) =>
    elements.map((button) => {
      const box = button.getBoundingClientRect();
      return { name: button.getAttribute('aria-label') ?? button.textContent ?? '', left: box.left, right: box.right };
    }),
  );
  expect(buttons.length, `${path} has row actions`).toBeGreaterThan(0);
  for (const button of buttons) {
    expect(button.left, `${path} ${button.name}`).toBeGreaterThanOrEqual(0);
    expect(button.right, `${path} ${button.name}`).toBeLessThanOrEqual(width);
  }
  return true;
}

test.describe('at 1366×768', () => {
  test.use({ viewport: LAPTOP });

  test("every list's row actions are inside the window, in English and Arabic; a Latin name keeps its period at its end in Arabic", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { api, label } = await recordOnEveryList(page, request);
    const { customers } = await salesFixtures(api, `${label}b`, ['Bayan Trading Est.'], []);
    const name = `${label}b Bayan Trading Est.`;
    expect(customers).toHaveLength(1);
    // The language is switched on an admin of this test's own, not on the one other specs use.
    await signInAsOwnAdmin(page, request);
    const screens = await reachableScreens(page);
    try {
      for (const language of ['en', 'ar'] as const) {
        if (language === 'ar') await chooseLanguage(page, 'العربية');
        let lists = 0;
        for (const path of screens) {
          await test.step(`${language} ${path}`, async () => {
            await openScreen(page, path);
            await expectNoSidewaysScrolling(page, `${language} ${path}`);
            if (await expectRowActionsInView(page, path, ACTIONS[language])) lists += 1;
          });
        }
        expect(lists, `${language}: lists with row actions`).toBeGreaterThanOrEqual(11);
        await testInfo.attach(`${language} /invoices`, {
          body: await (async () => {
            await openScreen(page, '/invoices');
            return page.screenshot();
          })(),
          contentType: 'image/png',
        });
      }

      // Arabic: the customer's Latin name reads whole, its '.' drawn right of its last letter.
      await openScreen(page, `/customers?search=${encodeURIComponent(name)}`);
      const cell = page.getByRole('main').locator('tbody bdi', { hasText: name }).first();
      await expect(cell).toHaveText(name);
      const glyphs = await cell.evaluate((element) => {
        const text = element.firstChild!;
        const rectOf = (at: number) => {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const box = range.getBoundingClientRect();
          return { left: box.left, right: box.right };
        };
        const length = text.textContent!.length;
        return { first: rectOf(0), beforeLast: rectOf(length - 2), last: rectOf(length - 1) };
      });
      expect(glyphs.last.left, "the period is right of 'Est'").toBeGreaterThanOrEqual(glyphs.beforeLast.right - 0.5);
      expect(glyphs.last.left, 'the period is at the end, not before the first letter').toBeGreaterThan(
        glyphs.first.right,
      );
    } finally {
      if ((await page.locator('html').getAttribute('lang')) === 'ar') await chooseLanguage(page, 'English');
    }
  });

  test("switching language re-renders the dashboard's amounts at once, and names the notifications region", async ({
    page,
    request,
  }) => {
    await signInAsOwnAdmin(page, request);
    await openScreen(page, '/');
    const figures = page.getByRole('main').locator('[data-part="figure"]');
    await expect(figures.filter({ hasText: / KD$/ }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: /^Notifications/ })).toHaveCount(1);
    try {
      await chooseLanguage(page, 'العربية');
      await expect(page.getByRole('main')).not.toContainText('KD');
      await expect(figures.filter({ hasText: / د\.ك$/ }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: /^الإشعارات/ })).toHaveCount(1);
    } finally {
      await chooseLanguage(page, 'English');
    }
    await expect(page.getByRole('main')).not.toContainText('د.ك');
  });
});

/** Buttons that open a create, edit or pay dialog: the first of each kind on the screen. */
const DIALOG_OPENERS = /^(Add |Pay Invoice$|Edit |Generate |Promise )/;

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("every create, edit and pay dialog's boxes are inside the screen, Pay Invoice's amounts among them", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const { api, label } = await recordOnEveryList(page, request);
    const screens = await reachableScreens(page);
    let dialogs = 0;
    for (const path of screens) {
      await test.step(path, async () => {
        await openScreen(page, path);
        for (const opener of await dialogOpeners(page, DIALOG_OPENERS)) {
          await page.getByRole('main').getByRole('button', { name: opener, exact: true }).first().click();
          const open = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').last();
          await expect(open).toBeVisible();
          if (await expectBoxesInside(open, `${path} → ${opener}`)) dialogs += 1;
          await page.keyboard.press('Escape');
          await expect(open).toBeHidden();
        }
      });
    }
    expect(dialogs).toBeGreaterThanOrEqual(10);

    // Pay Invoice with the customer's invoice ticked: its 'Amount to Pay' box is on screen.
    const { customers, products } = await salesFixtures(api, `${label}p`, ['Payer'], [['Item', 2_000]]);
    const invoice = await makeInvoice(api, customers[0], products[0], 2);
    await openScreen(page, '/payments');
    await page.getByRole('button', { name: 'Pay Invoice' }).click();
    const pay = dialog(page, 'Add New Payment');
    const tab = activeTab(pay);
    await chooseCustomer(tab, `${label}p Payer`);
    await tab.getByRole('checkbox', { name: `Pay ${invoice.invoiceNumber}` }).check();
    const amount = tab.getByRole('textbox', { name: `Amount for ${invoice.invoiceNumber}` });
    await expect(amount).toHaveValue('4.000');
    expect(await expectBoxesInside(pay, 'Pay Invoice with an invoice ticked')).toBe(true);
    await expectNoSidewaysScrolling(page, 'Pay Invoice');
  });
});

/** Every input, select and text area shown in `scope` lies inside the phone's width; false when it shows none. */
async function expectBoxesInside(scope: ReturnType<Page['locator']>, where: string): Promise<boolean> {
  const boxes = await scope.locator('input:visible, select:visible, textarea:visible').evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLInputElement).type !== 'hidden')
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          name: element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.id,
          left: box.left,
          right: box.right,
          width: box.width,
        };
      })
      .filter((box) => box.width > 0),
  );
  for (const box of boxes) {
    expect(box.left, `${where}: ${box.name}`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${where}: ${box.name}`).toBeLessThanOrEqual(PHONE.width);
  }
  return boxes.length > 0;
}

/** Records the page's layout shifts not caused by input, from its first paint on. */
async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShifts: { value: number; sources: string[] }[] };
    state.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          const name = node?.getAttribute?.('aria-label') ?? node?.textContent?.slice(0, 30);
          return `${node?.nodeName ?? '?'} ${name ?? ''}`.trim();
        });
        state.layoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's layout shift since its first paint, once it has been quiet for two seconds. The test
 * database has no company name, so an admin's dashboard also shows the shell's company-unset line:
 * it must come with the page, not push it down.
 */
async function layoutShift(page: Page, testInfo: TestInfo, where: string) {
  await page.waitForTimeout(2_000);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  const sum = shifts.reduce((total, shift) => total + shift.value, 0);
  const description = `${where}: ${sum.toFixed(4)}; ${shifts
    .map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(', ')}`)
    .join(' | ')}`;
  testInfo.annotations.push({ type: 'layout shift', description });
  console.log(`layout shift ${description}`);
  return sum;
}

for (const viewport of [LAPTOP, PHONE]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the sign-in page and the dashboard carry no layout shift after their first paint', async ({
      page,
      request,
    }, testInfo) => {
      await observeLayoutShift(page);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      expect(await layoutShift(page, testInfo, `/login ${viewport.width}`)).toBeLessThanOrEqual(0.02);

      await signInWithApi(page, request);
      await page.goto('/');
      await expectAreaLoaded(page);
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByRole('main').getByRole('region').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Set company details', exact: true })).toBeVisible();
      expect(await layoutShift(page, testInfo, `/ ${viewport.width}`)).toBeLessThanOrEqual(0.02);
    });
  });
}
