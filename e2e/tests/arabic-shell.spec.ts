// The shell in Arabic, as staff who choose it from the user menu use it: right to left, every
// screen the host owns without an English word of the product and without a serious
// accessibility finding; back in English with the specification's words; and the choice kept on
// the browser (a reload) and on the user (a sign-in on another browser).
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoEnglish, expectRightToLeft, keepScreenshot } from '../support/arabic';
import { ownAdmin } from '../support/masters';
import { ADMIN_USERNAME } from '../support/platform';
import { expectNoSeriousViolations, openScreen } from '../support/screens';
import {
  MENU,
  expectTitle,
  groupToggle,
  menuLink,
  signIn,
  submitSignIn,
  userMenuButton,
  type GroupName,
} from '../support/shell';

/** The Arabic top bar's user menu button ('Account'). */
const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'الحساب' });

/** Picks a language in the user menu's Language group and waits until the user keeps it. */
async function chooseLanguage(page: Page, opener: () => ReturnType<Page['getByRole']>, name: 'English' | 'العربية') {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/auth/language') && response.request().method() === 'PUT',
  );
  await opener().click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await saved;
}

/** No English left in `scope`, a screenshot kept, and no serious axe finding on the page. */
async function checkScreen(
  page: Page,
  testInfo: TestInfo,
  where: string,
  scopes: Parameters<typeof expectNoEnglish>[0][],
  allow: string[],
) {
  for (const scope of scopes) await expectNoEnglish(scope, where, allow);
  await keepScreenshot(page, testInfo, where);
  await expectNoSeriousViolations(page, `${where} (Arabic)`, testInfo);
}

test('the shell in Arabic from the user menu, and back in English with the specification’s words', async ({
  page,
  request,
}, testInfo) => {
  // Ten screens and dialogs, each read by axe (two to three seconds apiece on two cores).
  test.setTimeout(120_000);
  const user = await ownAdmin(request);
  // Data that may be English: this user's and the seeded admin's names.
  const allow = [user.name, user.username, ADMIN_USERNAME, 'Administrator', 'English'];
  await signIn(page, '', user);

  await chooseLanguage(page, () => userMenuButton(page), 'العربية');
  await expectRightToLeft(page);
  await expectTitle(page, 'لوحة المعلومات');

  // Dashboard: the host's own parts (the areas' widgets are their own teams' texts).
  const nav = page.getByTestId('permanent-drawer');
  await checkScreen(page, testInfo, 'dashboard', [page.getByRole('banner'), nav], allow);
  // The menu sits on the right, the page to its left.
  const drawer = await nav.boundingBox();
  const viewport = page.viewportSize()!;
  expect(drawer!.x + drawer!.width).toBeGreaterThan(viewport.width - 2);

  // The menu, every group open.
  for (const group of ['المعاملات', 'البيانات الأساسية']) {
    const toggle = nav.getByRole('button', { name: group });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(nav.getByRole('link')).toHaveCount(3 + MENU.groups.Transactions.length + MENU.groups.Masters.length);
  await checkScreen(page, testInfo, 'menu', [nav], allow);

  // The user menu.
  await accountButton(page).click();
  const userMenu = page.getByRole('menu');
  await expect(userMenu.getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('aria-checked', 'true');
  await checkScreen(page, testInfo, 'user menu', [userMenu], allow);
  await page.keyboard.press('Escape');
  await expect(userMenu).toBeHidden();

  // The command palette (its list names the areas' screens, their teams' texts).
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'انتقال إلى' });
  await expect(palette.getByRole('option').first()).toBeVisible();
  await checkScreen(page, testInfo, 'command palette', [palette], allow);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // The keyboard shortcuts.
  await page.locator('body').press('?');
  const shortcuts = page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
  await expect(shortcuts).toBeVisible();
  await checkScreen(page, testInfo, 'keyboard shortcuts', [shortcuts], allow);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Users, and its add dialog.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'المستخدمون', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/users');
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  await expectTitle(page, 'المستخدمون');
  await checkScreen(page, testInfo, 'users', [page.locator('body')], allow);
  await page.getByRole('button', { name: 'إضافة مستخدم', exact: true }).click();
  const addUser = page.getByRole('dialog', { name: 'إضافة مستخدم جديد' });
  await expect(addUser.getByRole('combobox').or(addUser.locator('select')).first()).toBeVisible();
  await checkScreen(page, testInfo, 'add user dialog', [addUser], allow);
  await page.keyboard.press('Escape');
  await expect(addUser).toBeHidden();

  // The audit log, the password page and the platform page, reloaded in Arabic.
  for (const [path, title, where] of [
    ['/audit-log', 'سجل التدقيق', 'audit log'],
    ['/account/password', 'تغيير كلمة المرور', 'change password'],
    ['/platform', 'المنصة', 'platform'],
  ] as const) {
    await openScreen(page, path);
    await expectRightToLeft(page);
    await expectTitle(page, title);
    if (path === '/platform') await expect(page.getByRole('table', { name: 'الأقسام' })).toBeVisible();
    await checkScreen(page, testInfo, where, [page.locator('body')], allow);
  }

  // Back to English from the user menu: the specification's words, exactly.
  await chooseLanguage(page, () => accountButton(page), 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectTitle(page, 'Platform');
  for (const entry of MENU.top) await expect(menuLink(page, entry.label)).toBeVisible();
  for (const group of Object.keys(MENU.groups) as GroupName[]) {
    await expect(groupToggle(page, group)).toHaveText(group);
    for (const entry of MENU.groups[group]) await expect(menuLink(page, entry.label)).toBeVisible();
  }
  await menuLink(page, 'Dashboard').click();
  await expectTitle(page, 'Dashboard');
  await expect(page).toHaveTitle('Dashboard · Admin System');
});

test('Arabic stays after a reload, and follows the user to a browser that never chose it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = await ownAdmin(request);
  await signIn(page, '', user);
  await chooseLanguage(page, () => userMenuButton(page), 'العربية');
  await expectRightToLeft(page);

  await page.reload();
  await expectRightToLeft(page);
  await expectTitle(page, 'لوحة المعلومات');

  // Another browser: it opens in English, and signing in brings the user's Arabic back.
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const other = await elsewhere.newPage();
    await other.goto('/login');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await submitSignIn(other, user.username, user.password);
    await other.waitForURL((url) => url.pathname === '/');
    await expectRightToLeft(other);
    await expectTitle(other, 'لوحة المعلومات');
  } finally {
    await elsewhere.close();
  }
});
