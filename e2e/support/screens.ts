// Every screen staff can reach, found the way they find them (the menu and the user menu), a
// record on every list, and the axe scan the accessibility and phone specs share.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { unique, signInWithApi, type MastersApi } from './masters';
import { makeInvoice } from './payments';
import { salesFixtures } from './sales';
import { expectAreaLoaded, menu } from './shell';

/** A long manual number and names, so the phone layout is tried with values that must truncate. */
export async function recordOnEveryList(
  page: Page,
  request: APIRequestContext,
): Promise<{ api: MastersApi; label: string }> {
  const api = await signInWithApi(page, request);
  const label = unique('Screens');
  const { customers, products } = await salesFixtures(
    api,
    label,
    ['Al-Mutairi Trading and Contracting Company'],
    [['Fibre Router', 1_234_500]],
  );
  const invoice = await makeInvoice(api, customers[0], products[0], 3);
  await api.create('/invoices', {
    customer: customers[0]._id,
    dateOfCreation: '2026-11-02T00:00:00.000Z',
    manualInvoiceNumber: `M-${label}`.replace(/\W/g, '').padEnd(50, '9'),
    products: [{ product: products[0]._id, quantity: 1, unitPrice: products[0].productPrice }],
  });
  await api.create('/scheduled-invoices', {
    scheduleName: `${label} rent`,
    customer: customers[0]._id,
    dateOfCreation: '2026-01-01T00:00:00.000Z',
    startDate: '2030-01-31T00:00:00.000Z',
    recurringPeriod: 3,
    products: [{ product: products[0]._id, quantity: 1, unitPrice: products[0].productPrice }],
  });
  await api.create('/payments/advance', {
    customer: customers[0]._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Cash',
    amount: 1_000,
  });
  await api.create('/payments/invoice', {
    customer: customers[0]._id,
    paymentDate: '2026-11-01T00:00:00.000Z',
    paymentMode: 'Knet',
    relatedInvoices: [{ invoice: invoice._id, paidAmount: 2_500 }],
  });
  return { api, label };
}

/**
 * The paths of the main menu (groups opened) and of the user menu's pages, as the signed-in user
 * sees them from the dashboard.
 */
export async function reachableScreens(page: Page): Promise<string[]> {
  await openScreen(page, '/');
  // On a phone the menu is a drawer: open it to read it, close it after.
  const inDrawer = !(await page.getByTestId('permanent-drawer').isVisible());
  if (inDrawer) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = menu(page);
  await expect(nav.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
  for (const toggle of await nav.getByRole('button', { expanded: false }).all()) await toggle.click();
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  if (inDrawer) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  const pages = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  const userPages: Record<string, string> = {
    Platform: '/platform',
    Users: '/users',
    'Audit log': '/audit-log',
    'Sent mail': '/sent-mail',
    Approvals: '/approvals',
    'Change password': '/account/password',
  };
  const more = pages.flatMap((text) => userPages[text.trim()] ?? []);
  return [...new Set([...hrefs, ...more])];
}

/**
 * The names of the buttons in the main region that open a dialog, the first of each kind: `openers`
 * captures the kind ('Add ', 'Edit ') as its first group.
 */
export async function dialogOpeners(page: Page, openers: RegExp): Promise<string[]> {
  const names = await page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''),
    );
  const firstOfEach = new Map<string, string>();
  for (const name of names) {
    const kind = openers.exec(name)?.[1];
    if (kind && !firstOfEach.has(kind)) firstOfEach.set(kind, name);
  }
  return [...firstOfEach.values()];
}

/** Opens a screen and waits until its area and its data have arrived. */
export async function openScreen(page: Page, path: string) {
  // Inside the app with the screen's menu link in view, staff move through the menu (no page
  // load); otherwise (a first screen, a closed drawer, a user-menu page) by its address.
  const link = menu(page).locator(`a[href="${path}"]`);
  if (await link.isVisible()) await link.click();
  else await page.goto(path);
  await expect(page).toHaveURL((url) => url.href === new URL(path, url).href);
  await expectAreaLoaded(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('main').getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA rules and best practices, or only `rules`) on the page, or on
 * `include` only, and fails on any serious or critical finding, naming the rule, the node and the
 * screen.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  testInfo: TestInfo,
  { include, rules }: { include?: string; rules?: readonly string[] } = {},
) {
  // Legacy mode runs axe in the page itself: the default also opens a blank page for every
  // reading to merge the results of frames, and these pages have none (a third faster).
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = rules
    ? builder.withRules([...rules])
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length) {
    await testInfo.attach(`axe ${where}`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  }
  const summary = serious.flatMap((violation) =>
    violation.nodes
      .slice(0, 3)
      .map(
        (node) =>
          `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
  );
  expect.soft(summary, `axe on ${where}`).toEqual([]);
}
