// A canary reaches its share of signed-in users, chosen by user id, while the others keep the
// stable release; promote gives it to everyone; a canary whose files fail sends its users back to
// the stable release, is reported on the Platform page, and is dropped after enough reports.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ops, readPlatformJson } from '../support/ops';
import { ADMIN_PASSWORD, ADMIN_USERNAME, platformFor } from '../support/platform';
import {
  expectSalesLabel,
  releaseSales,
  staffOnBothSides,
  watchVersions,
  type StaffAccount,
} from '../support/releases';
import { expectAreaLoaded, expectTitle, signIn } from '../support/shell';

const platform = platformFor('canary');
const run = Date.now().toString(36);
const admin = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };
const labels = { stable: `sales-stable-${run}`, canary: `sales-canary-${run}`, broken: `sales-broken-${run}` };
/** Sales staff on either side of a 50% split of the sales area. */
let staff: { inside: StaffAccount; outside: StaffAccount };

/** `pnpm release sales` of a build labelled `label`, with `args` (--canary …); returns its version. */
function release(label: string, ...args: string[]): string {
  const sales = releaseSales(platform.releasesDir, label, ...args);
  return args.length ? sales.canary.version : sales.version;
}

/** A fresh browser page (its own storage) signed in as `account`, on the dashboard. */
async function userOn(browser: Browser, account: { username: string; password: string }): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, platform.url, account);
  return page;
}

/** The canary user signs in and ends on a page that fell back to the stable release (it loads the stable files). */
async function canaryUserFallingBack(browser: Browser, stable: string): Promise<Page> {
  const page = await browser.newPage();
  const backOnStable = page.waitForResponse((response) => response.url().includes(`/remotes/sales/${stable}/`), {
    timeout: 30_000,
  });
  await signIn(page, platform.url, staff.inside);
  await backOnStable;
  return page;
}

/** Load failures of a sales release reported so far (the release folder's reports.json). */
function loadFailures(version: string): number {
  const file = path.join(platform.releasesDir, 'reports.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')).sales?.[version]?.load ?? 0) : 0;
}

async function openPlatformPage(page: Page) {
  await page.goto(`${platform.url}/platform`);
  await expectTitle(page, 'Platform');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  staff = await staffOnBothSides(platform.url, 'sales', 50);
});

test('with a 50% canary, users on either side of the split see different sales releases; promote gives everyone the canary', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stable = release(labels.stable);
  const canary = release(labels.canary, '--canary', '50');
  const { masters, payments } = readPlatformJson(platform.releasesDir).remotes;

  const inside = await userOn(browser, staff.inside);
  const outside = await userOn(browser, staff.outside);
  const loadedInside = watchVersions(inside, 'sales');
  const loadedOutside = watchVersions(outside, 'sales');
  await expectSalesLabel(inside, platform.url, labels.canary);
  await expectSalesLabel(outside, platform.url, labels.stable);
  // The same user keeps the same release across loads.
  await expectSalesLabel(inside, platform.url, labels.canary);
  expect([...loadedInside]).toEqual([canary]);
  expect([...loadedOutside]).toEqual([stable]);

  const adminPage = await userOn(browser, admin);
  await openPlatformPage(adminPage);
  const row = adminPage.getByRole('table', { name: 'Areas' }).getByRole('row').filter({ hasText: 'Sales' });
  await expect(row).toContainText(`${stable} · 50%`);
  await expect(row).toContainText(`Canary ${canary} · 50%`);

  ops(platform.releasesDir, ['promote', 'sales']);
  expect(readPlatformJson(platform.releasesDir).remotes).toMatchObject({
    masters,
    payments,
    sales: { version: canary },
  });
  await expectSalesLabel(inside, platform.url, labels.canary);
  await expectSalesLabel(outside, platform.url, labels.canary);
  await Promise.all([inside, outside, adminPage].map((page) => page.close()));
});

test('a canary whose files fail sends its users back to the stable release, is reported, and is dropped after two reports', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stable = readPlatformJson(platform.releasesDir).remotes.sales.version;
  const broken = release(labels.broken, '--canary', '50', '--auto-rollback', '2');
  // The origin loses the canary's remote entry after it was checked and published.
  fs.rmSync(path.join(platform.releasesDir, 'sales', broken, 'remoteEntry.js'));

  // Signed in, the dashboard asks the canary for its widgets, fails, reports it and reloads on the stable release.
  const first = await canaryUserFallingBack(browser, stable);
  expect(loadFailures(broken)).toBe(1);
  const loaded = watchVersions(first, 'sales');
  await expectSalesLabel(first, platform.url, labels.canary);
  await expectAreaLoaded(first);
  expect([...loaded]).toEqual([stable]);

  // Read by staff outside the canary: a page inside it would fail, report and reload as well.
  const watcher = await userOn(browser, staff.outside);
  await openPlatformPage(watcher);
  const failures = watcher.getByRole('table', { name: 'Load failures' }).getByRole('row').filter({ hasText: broken });
  await expect(failures).toContainText('Canary');
  await expect(failures.getByRole('cell').nth(2)).toHaveText('1');
  expect(readPlatformJson(platform.releasesDir).remotes.sales.canary.version).toBe(broken);

  // Another tab of a canary user fails too: the second report drops the canary by itself.
  const second = await canaryUserFallingBack(browser, stable);
  expect(readPlatformJson(platform.releasesDir).remotes.sales.canary).toBeUndefined();
  await expectSalesLabel(second, platform.url, labels.canary);
  const history = JSON.parse(fs.readFileSync(path.join(platform.releasesDir, 'history.json'), 'utf8'));
  expect(history.at(-1)).toMatchObject({
    action: 'rollback',
    version: stable,
    from: broken,
    reason: '2 failures reported',
  });

  await openPlatformPage(watcher);
  await expect(failures).toContainText('Earlier');
  // A page may still report once more while the canary is being dropped: at least the two that dropped it.
  await expect(failures.getByRole('cell').nth(2)).toHaveText(/^[2-9]$/);
  await Promise.all([first, second, watcher].map((page) => page.close()));
});
