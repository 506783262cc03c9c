// A remote served from another origin (a CDN in production) loads and works, with CORS.
import { expect, test } from '../support/test';
import { platformFor, serveStatic } from '../support/platform';
import { ops, readPlatformJson } from '../support/ops';
import { expectAreaLoaded, expectTitle, menuLink, signIn } from '../support/shell';

const CDN_PORT = 3321;
const platform = platformFor('secondOrigin');
let cdn: Awaited<ReturnType<typeof serveStatic>>;

test.beforeAll(async () => {
  cdn = await serveStatic(platform.releasesDir, CDN_PORT, '/remotes');
  // Publish the current masters build again, this time addressed on the second origin.
  ops(platform.releasesDir, ['release', 'masters', '--no-build', '--base-url', cdn.url]);
});

test.afterAll(async () => {
  await cdn?.close();
});

test('the masters area loads from a second origin with CORS and works', async ({ page }) => {
  const entry: string = readPlatformJson(platform.releasesDir).remotes.masters.entry;
  expect(entry.startsWith(`${cdn.url}/remotes/masters/`)).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fromCdn: { url: string; status: number; cors?: string }[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(cdn.url)) {
      fromCdn.push({
        url: response.url(),
        status: response.status(),
        cors: response.headers()['access-control-allow-origin'],
      });
    }
  });
  const manifest = page.waitForResponse((response) => response.url() === entry);
  await signIn(page, platform.url);
  await menuLink(page, 'Customers').hover();
  await menuLink(page, 'Customers').click();
  await expectTitle(page, 'Customers');

  const response = await manifest;
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  // The area's code came from that origin (entry and module chunks), and rendered without error.
  await expect
    .poll(() => fromCdn.filter((r) => r.url.endsWith('.js') && r.status === 200).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(fromCdn.every((r) => r.status === 200 && r.cors === '*')).toBe(true);
  await expectAreaLoaded(page);
  expect(errors).toEqual([]);
});
