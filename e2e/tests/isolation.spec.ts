// A remote that cannot be loaded only blanks its own area, and Retry really retries.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { platformFor, serveStatic } from '../support/platform';
import {
  expectAreaLoaded,
  expectTitle,
  menuLink,
  openGroup,
  retryButton,
  signIn,
  unavailablePanel,
} from '../support/shell';

// Nothing listens here until the test starts the payments origin.
const PAYMENTS_ORIGIN_PORT = 3311;
const platform = platformFor('isolation');

test.beforeAll(() => {
  const file = path.join(platform.releasesDir, 'platform.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { version } = config.remotes.payments;
  config.remotes.payments.entry = `http://127.0.0.1:${PAYMENTS_ORIGIN_PORT}/remotes/payments/${version}/mf-manifest.json`;
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
});

test('an unreachable remote shows the unavailable panel, the rest works, and Retry loads it once it answers', async ({
  page,
}) => {
  await signIn(page, platform.url);

  await openGroup(page, 'Transactions');
  await menuLink(page, 'Payments').click();
  await expectTitle(page, 'Payments');
  await expect(unavailablePanel(page)).toBeVisible({ timeout: 20_000 });
  await expect(unavailablePanel(page)).toContainText('Payments');
  await expect(retryButton(page)).toBeVisible();

  // The shell and the other areas keep working.
  await menuLink(page, 'Customers').click();
  await expectTitle(page, 'Customers');
  await expectAreaLoaded(page);
  await menuLink(page, 'Invoices').click();
  await expectTitle(page, 'Invoices');
  await expectAreaLoaded(page);

  // The address starts answering: Retry, without a page reload, loads the area.
  await menuLink(page, 'Payments').click();
  await expect(unavailablePanel(page)).toBeVisible({ timeout: 20_000 });
  const origin = await serveStatic(platform.releasesDir, PAYMENTS_ORIGIN_PORT, '/remotes');
  try {
    const loaded = page.waitForResponse(
      (response) => response.url().startsWith(origin.url) && response.url().endsWith('.js') && response.ok(),
    );
    await retryButton(page).click();
    await loaded;
    await expectAreaLoaded(page);
    await expect(retryButton(page)).toHaveCount(0);
    await expectTitle(page, 'Payments');
  } finally {
    await origin.close();
  }
});
