// axe on every screen staff can reach and every dialog they can open from it, in the light and
// the dark theme: no serious or critical finding. The themes follow the system preference, so the
// walk emulates one and then the other on each screen and dialog (reaching them once); the user
// menu's switch is checked on its own. A theme changes colours only, so the dark reading is of
// colour contrast and the light one of every rule. The suite runs with reduced motion
// (playwright.config.ts); the last test checks both motion preferences.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  dialogOpeners,
  expectNoSeriousViolations,
  openScreen,
  reachableScreens,
  recordOnEveryList,
} from '../support/screens';
import { signInWithApi } from '../support/masters';
import { ADMIN_PASSWORD } from '../support/platform';
import { expectTitle, userMenuButton } from '../support/shell';

/** Buttons that open a dialog: a list's Add buttons, and the first row's row actions. */
const DIALOG_OPENERS = /^(Add |Pay Invoice$|Edit |Delete |Details |Generate |Activate |Automate |History)/;

/** The dialog on screen, as axe selects it (Ark marks the open one's content). */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

const THEMES = [
  { colorScheme: 'light', rules: undefined },
  { colorScheme: 'dark', rules: ['color-contrast'] },
] as const;

/** What is on screen, read by axe in each theme in turn (every rule in light, contrast in dark). */
async function readInEachTheme(page: Page, where: string, testInfo: TestInfo, include?: string) {
  for (const { colorScheme, rules } of THEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
    // Colours are measured once a fade or a change of theme has ended, not through it (a
    // spinner's endless turn and a cancelled animation are not waited for).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await expectNoSeriousViolations(page, `${where} (${colorScheme})`, testInfo, { include, rules });
  }
}

test('sign-in, every screen and every dialog pass axe without serious or critical findings, in the light theme (every rule) and the dark (colour contrast)', async ({
  page,
  request,
}, testInfo) => {
  // Some fifteen screens and thirty dialogs, each read twice by axe while another test shares the
  // two cores.
  test.setTimeout(600_000);
  await page.goto('/login');
  await readInEachTheme(page, '/login', testInfo);
  // A refused sign-in shows its error text and toast: those must pass too.
  await page.getByLabel('Username', { exact: true }).fill('nobody');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await readInEachTheme(page, '/login refused', testInfo);

  await recordOnEveryList(page, request);
  const screens = await reachableScreens(page);
  expect(screens).toEqual(
    expect.arrayContaining(['/', '/customers', '/invoices', '/payments', '/customer-balances', '/types']),
  );
  testInfo.annotations.push({ type: 'screens', description: screens.join(' ') });
  for (const path of screens) {
    await test.step(path, async () => {
      await openScreen(page, path);
      await readInEachTheme(page, path, testInfo);
      for (const opener of await dialogOpeners(page, DIALOG_OPENERS)) {
        await page.getByRole('main').getByRole('button', { name: opener, exact: true }).first().click();
        const open = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').last();
        await expect(open).toBeVisible();
        // The screen behind was read just before: the dialog is what is new.
        await readInEachTheme(page, `${path} → ${opener}`, testInfo, OPEN_DIALOG);
        await page.keyboard.press('Escape');
        await expect(open).toBeHidden();
      }
    });
  }
});

test('the user menu switches to Dark and back, whatever the system prefers, and the choice stays', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectTitle(page, 'Dashboard');
  const html = page.locator('html');
  await expect(html).toHaveClass(/light/);
  const background = () => page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
  const light = await background();

  await userMenuButton(page).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await background()).not.toBe(light);
  await page.reload();
  await expectTitle(page, 'Dashboard');
  await expect(html).toHaveClass(/dark/);

  await userMenuButton(page).click();
  await page.getByRole('menuitemradio', { name: 'As the system' }).click();
  await expect(html).toHaveClass(/light/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
});

test('dialogs fade in for most staff and open at once, without motion, for staff who ask for less', async ({
  page,
  request,
}) => {
  await signInWithApi(page, request);
  await openScreen(page, '/customers');
  const dialog = page.getByRole('dialog');
  // The longest animation the open dialog is styled with, in ms, read from its computed style so
  // that a slow machine finishing the fade first reads the same.
  const fadeOfDialog = () =>
    dialog.evaluate((element) =>
      Math.max(
        ...getComputedStyle(element)
          .animationDuration.split(',')
          .map((value) => parseFloat(value) * 1000),
      ),
    );
  for (const [reducedMotion, fades] of [
    ['no-preference', true],
    ['reduce', false],
  ] as const) {
    await page.emulateMedia({ reducedMotion });
    await page.getByRole('button', { name: 'Add Customer', exact: true }).click();
    await expect(dialog).toBeVisible();
    if (fades) expect(await fadeOfDialog()).toBeGreaterThanOrEqual(100);
    else expect(await fadeOfDialog()).toBeLessThan(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
