// Each release's digests travel in platform.json and the browser checks them: a remote entry
// changed by one byte on the origin after its release is refused, and only its area is unavailable.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { readPlatformJson } from '../support/ops';
import { writeWithCopies } from '../support/releases';
import { ADMIN_PASSWORD, ADMIN_USERNAME, platformFor } from '../support/platform';
import { expectAreaLoaded, expectTitle, menuLink, openGroup, signIn, unavailablePanel } from '../support/shell';

const platform = platformFor('perBrowser');

test('a remote entry changed by one byte is refused by the browser, and only its area is unavailable', async ({
  page,
}) => {
  const { version, integrity } = readPlatformJson(platform.releasesDir).remotes.payments;
  expect(integrity['remoteEntry.js']).toMatch(/^sha384-/);
  const file = path.join(platform.releasesDir, 'payments', version, 'remoteEntry.js');
  const original = fs.readFileSync(file, 'utf8');
  // One letter of an error message: the script would still run as well as before.
  const at = original.indexOf('remoteEntry exports.') + 'remoteEntry export'.length;
  const tampered = `${original.slice(0, at)}z${original.slice(at + 1)}`;
  expect(Buffer.compare(Buffer.from(tampered), Buffer.from(original))).not.toBe(0);
  expect(Buffer.byteLength(tampered)).toBe(Buffer.byteLength(original));
  // Changed as the origin sends it: the file and its compressed copies.
  writeWithCopies(file, tampered);

  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const served = page.waitForResponse((response) => response.url().endsWith(`/payments/${version}/remoteEntry.js`));
  await signIn(page, platform.url, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  await openGroup(page, 'Transactions');
  await menuLink(page, 'Payments').click();
  await expectTitle(page, 'Payments');
  await expect(unavailablePanel(page)).toContainText('The Payments area is unavailable', { timeout: 30_000 });
  // The origin served it; the browser refused to run it.
  expect((await served).status()).toBe(200);
  expect(messages.some((text) => /integrity/i.test(text) && text.includes('remoteEntry.js'))).toBe(true);

  for (const area of ['Customers', 'Invoices']) {
    await menuLink(page, area).click();
    await expectTitle(page, area);
    await expectAreaLoaded(page);
  }
});
