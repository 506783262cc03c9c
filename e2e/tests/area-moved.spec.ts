// A tab open across a release of sales keeps running the release it started with and offers a
// reload; the reload runs the new release.
import { expect, test } from '../support/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, platformFor } from '../support/platform';
import { expectSalesLabel, releaseSales } from '../support/releases';
import { expectAreaLoaded, expectTitle, menuLink, openGroup, signIn } from '../support/shell';

const platform = platformFor('areaMoved');

test('a tab open across a sales release keeps its version, offers the reload, and runs the new one after it', async ({
  page,
}) => {
  // A release built and published, and sales loaded twice, on two shared cores.
  test.setTimeout(120_000);
  await signIn(page, platform.url, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  await page.goto(`${platform.url}/invoices`);
  const before = (await page.getByTestId('area-version').textContent({ timeout: 20_000 })) ?? '';
  const notice = page.getByTestId('area-moved');
  await expect(notice).toHaveCount(0);

  const label = `sales-moved-${Date.now().toString(36)}`;
  releaseSales(platform.releasesDir, label);
  // The user comes back to the tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(notice).toContainText('A new version of Sales is ready —');

  // Meanwhile the page goes on with the release it started with.
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Scheduled Invoices').click();
  await expectTitle(page, 'Scheduled Invoices');
  await expectAreaLoaded(page);
  await expect(page.getByTestId('area-version')).toHaveText(before);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expectTitle(page, 'Scheduled Invoices');
  await expect(page.getByTestId('area-version')).toHaveText(`Sales ${label}`, { timeout: 20_000 });
  await expect(notice).toHaveCount(0);
  await expectSalesLabel(page, platform.url, label);
});
