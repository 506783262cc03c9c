// A tester (admin) loads a named release of an area in their own browser from the Platform page:
// a banner says so on every page until Reset; nobody else's release changes.
import { expect, test } from '../support/test';
import { ops, readPlatformJson } from '../support/ops';
import { ADMIN_PASSWORD, ADMIN_USERNAME, platformFor } from '../support/platform';
import { expectSalesLabel, releaseSales } from '../support/releases';
import { expectTitle, menuLink, signIn } from '../support/shell';

const platform = platformFor('perBrowser');
const admin = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

test('an override loads another sales release in this browser only, with a banner on every page until Reset', async ({
  page,
  browser,
}) => {
  // A release built and published, three sign-ins and two areas loaded twice, on two shared cores.
  test.setTimeout(150_000);
  const label = `sales-tried-${Date.now().toString(36)}`;
  // A release that ran and was rolled back: still in the folder, no longer anyone's.
  const tried = releaseSales(platform.releasesDir, label).version;
  ops(platform.releasesDir, ['rollback', 'sales']);
  const before = readPlatformJson(platform.releasesDir);
  const banner = page.getByTestId('override-banner');

  await signIn(page, platform.url, admin);
  await page.goto(`${platform.url}/invoices`);
  const stableLabel =
    (await page.getByTestId('area-version').textContent({ timeout: 20_000 }))?.replace(/^Sales /, '') ?? '';
  await page.goto(`${platform.url}/platform`);
  await expectTitle(page, 'Platform');
  const overrides = page.getByRole('table', { name: 'Release overrides' });
  await overrides.getByLabel('Sales release').selectOption(tried);
  await overrides
    .getByRole('row')
    .filter({ hasText: 'Sales' })
    .getByRole('button', { name: 'Load in my browser' })
    .click();

  await expect(banner).toContainText(`Sales ${tried} (override) —`);
  await expect(banner.getByRole('button', { name: 'Reset' })).toBeVisible();
  await expectSalesLabel(page, platform.url, label);
  await menuLink(page, 'Customers').click();
  await expectTitle(page, 'Customers');
  await expect(banner).toBeVisible();
  expect(readPlatformJson(platform.releasesDir)).toEqual(before);

  // Another browser of the same admin runs what platform.json says.
  const elsewhere = await browser.newPage();
  await signIn(elsewhere, platform.url, admin);
  await expectSalesLabel(elsewhere, platform.url, stableLabel);
  await expect(elsewhere.getByTestId('override-banner')).toHaveCount(0);
  await elsewhere.close();

  await banner.getByRole('button', { name: 'Reset' }).click();
  await expect(banner).toHaveCount(0);
  await expectSalesLabel(page, platform.url, stableLabel);
});
