// What the browser checks before an area's code runs, whatever platform.json or an override says:
// every file's digest (one changed byte in a lazily loaded chunk fails that area only) and the
// shared versions its manifest asks of the host. The areas have no stylesheet files (their styles
// are Emotion's, made at run time), so there is no CSS file to change.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { readPlatformJson } from '../support/ops';
import { REPO_ROOT } from '../../ops/src/layout.mjs';
import { adminId, salesBuildAsking, writeWithCopies } from '../support/releases';
import { ADMIN_PASSWORD, ADMIN_USERNAME, platformFor } from '../support/platform';
import { expectAreaLoaded, expectTitle, menuLink, openGroup, signIn, unavailablePanel } from '../support/shell';

const platform = platformFor('areaChecks');
const admin = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

test.describe.configure({ mode: 'serial' });

/** The other areas still load and render. */
async function expectAreasWork(page: Page, areas: { label: string; group?: 'Transactions' }[]) {
  for (const { label, group } of areas) {
    if (group) await openGroup(page, group);
    await menuLink(page, label).click();
    await expectTitle(page, label);
    await expectAreaLoaded(page);
  }
}

/** The release files of `area` a fresh browser loads to show Customers (for masters). */
async function filesLoaded(browser: Browser, area: string, version: string, open: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set<string>();
  const folder = `/remotes/${area}/${version}/`;
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(folder)) files.add(pathname.slice(folder.length));
  });
  await signIn(page, platform.url, admin);
  await open(page);
  await context.close();
  return files;
}

/**
 * The lazily loaded chunks checked: one of code, found when a page renders (a lazy component), and
 * the area's catalogue in the page's language, which the area's module loads before its pages show.
 */
const LAZY_CHUNKS = [
  { what: 'code', isIt: (file: string) => !file.includes('/texts-'), kind: 'render', failsCards: false },
  // The dashboard's cards use the same catalogue: they show the area as unavailable, not keys.
  { what: 'catalogue', isIt: (file: string) => file.includes('/texts-en-'), kind: 'load', failsCards: true },
] as const;

for (const { what, isIt, kind, failsCards } of LAZY_CHUNKS)
  test(`a lazily loaded chunk of masters' ${what} changed by one byte is refused: its area fails, the report names the file, the rest works`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { version } = readPlatformJson(platform.releasesDir).remotes.masters;
    const folder = path.join(platform.releasesDir, 'masters', version);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    const routes = manifest.exposes.find((expose: { path: string }) => expose.path === './routes');
    // A chunk the remote entry's chunk loader fetches when Customers opens, not one the manifest
    // lists for the runtime to preload: its digest is the one the remote's build embedded.
    const loaded = await filesLoaded(browser, 'masters', version, async (first) => {
      await menuLink(first, 'Customers').click();
      await expectTitle(first, 'Customers');
      await expectAreaLoaded(first);
    });
    const chunk = (routes.assets.js.async as string[]).find(
      (file) => loaded.has(file) && !routes.assets.js.sync.includes(file) && isIt(file),
    );
    expect(chunk, `a lazily loaded chunk of masters' ${what} among ${[...loaded].join(', ')}`).toBeDefined();
    const file = path.join(folder, chunk!);
    const original = fs.readFileSync(file, 'utf8');
    // One letter of a string: the chunk would run as well as before.
    const at = original.search(/"[A-Za-z]/) + 1;
    expect(at).toBeGreaterThan(0);
    const tampered = `${original.slice(0, at)}${original[at] === 'x' ? 'y' : 'x'}${original.slice(at + 1)}`;
    expect(Buffer.byteLength(tampered)).toBe(Buffer.byteLength(original));
    writeWithCopies(file, tampered);
    try {
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      const report = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/platform/reports',
      );
      const served = page.waitForResponse((response) => response.url().endsWith(chunk!));
      await signIn(page, platform.url, admin);
      if (failsCards) {
        await expect(unavailablePanel(page)).toContainText('The Masters area is unavailable', { timeout: 30_000 });
        await expect(page.getByRole('main')).not.toContainText('widgets.');
      }
      await menuLink(page, 'Customers').click();
      await expectTitle(page, 'Customers');
      await expect(unavailablePanel(page)).toContainText('The Masters area is unavailable', { timeout: 30_000 });
      // The origin served it; the browser refused to run it, and said which file.
      expect((await served).status()).toBe(200);
      expect((await report).postDataJSON()).toMatchObject({
        area: 'masters',
        version,
        // The page's code is fetched while it renders (a lazy component), its texts as the area loads.
        kind,
        message: expect.stringContaining(chunk!),
      });
      expect(messages.some((text) => /integrity/i.test(text) && text.includes(chunk!))).toBe(true);

      await expectAreasWork(page, [
        { label: 'Invoices', group: 'Transactions' },
        { label: 'Payments', group: 'Transactions' },
      ]);
    } finally {
      writeWithCopies(file, original);
    }
  });

test("masters' './routes' chunk changed by one byte is refused where the MF runtime adds it itself: its area fails, the report names the file", async ({
  page,
}) => {
  const { version, integrity } = readPlatformJson(platform.releasesDir).remotes.masters;
  const folder = path.join(platform.releasesDir, 'masters', version);
  // Named in the manifest: the runtime adds it as a script once it has read the manifest, with the
  // digest platform.json gives (a chunk that ran is never fetched again by the chunk loader).
  const chunk = Object.keys(integrity).find((file: string) => /\/__federation_expose_routes\.[^/]+\.js$/.test(file));
  expect(chunk).toBeDefined();
  const file = path.join(folder, chunk!);
  const original = fs.readFileSync(file, 'utf8');
  const at = original.search(/"[A-Za-z]/) + 1;
  const tampered = `${original.slice(0, at)}${original[at] === 'x' ? 'y' : 'x'}${original.slice(at + 1)}`;
  writeWithCopies(file, tampered);
  try {
    const report = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/platform/reports',
    );
    await signIn(page, platform.url, admin);
    await menuLink(page, 'Customers').click();
    await expectTitle(page, 'Customers');
    await expect(unavailablePanel(page)).toContainText('The Masters area is unavailable', { timeout: 30_000 });
    expect((await report).postDataJSON()).toMatchObject({
      area: 'masters',
      version,
      kind: 'load',
      message: expect.stringContaining(chunk!),
    });
    await expectAreasWork(page, [{ label: 'Invoices', group: 'Transactions' }]);
  } finally {
    writeWithCopies(file, original);
  }
});

test('an override pointing sales at a build that asks for a React the host lacks: sales fails before its code runs, naming both versions', async ({
  page,
}) => {
  const release = salesBuildAsking(platform.releasesDir, 'react', '^99.0.0');
  const hostReact = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared/node_modules/react/package.json'), 'utf8'))
    .version as string;
  const fetched = new Set<string>();
  const folder = `/remotes/sales/${release.version}/`;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(folder)) fetched.add(pathname.slice(folder.length));
  });

  await signIn(page, platform.url, admin);
  // What Platform → Try a release in my browser keeps for this admin.
  const key = `platform.overrides.${await adminId(platform.url)}`;
  const override = JSON.stringify({ sales: release });
  await page.evaluate(({ name, value }) => localStorage.setItem(name, value), { name: key, value: override });
  await page.goto(`${platform.url}/invoices`);
  await expect(page.getByTestId('override-banner')).toContainText(`Sales ${release.version} (override)`);
  await expectTitle(page, 'Invoices');
  const panel = unavailablePanel(page);
  await expect(panel).toContainText('The Sales area is unavailable', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Details' }).click();
  await expect(panel).toContainText(`Needs react ^99.0.0; this system runs ${hostReact}.`);
  // Refused on its manifest: none of the build's code was fetched, let alone run.
  expect([...fetched]).toEqual(['mf-manifest.json']);

  await expectAreasWork(page, [{ label: 'Customers' }, { label: 'Payments', group: 'Transactions' }]);
});
