// What makes the platform fast on the wire and on a click, as a browser sees it: every script and
// stylesheet of the sign-in page and the dashboard arrives compressed, released remote files are
// cached for good, and a list whose area was loaded ahead opens with its rows and no spinner first.
// (How fast is measured by `pnpm bench:web`, never asserted here.)
import type { BrowserContext, Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { followRequests, sequentialWaves, type Fetched } from '../../scripts/round-trips.mjs';
import { bodyRows } from '../support/lists';
import { expectTitle, menuLink, signIn } from '../support/shell';

/** The dashboard fully drawn: the chart's bars, the three recent lists, nothing busy. */
async function dashboardDrawn(page: Page) {
  const main = page.getByRole('main');
  await expect(
    main.getByRole('img', { name: 'Invoiced and collected per month, in KD' }).locator('[data-part="bar"]'),
  ).toHaveCount(24);
  for (const list of ['Recent products', 'Recent invoices', 'Recent payments']) {
    await expect(main.getByRole('list', { name: list })).toBeVisible();
  }
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Waits until the page has had no request in flight for a while (what it started on hover has arrived). */
async function networkQuiet(page: Page, inFlight: Set<unknown>, quietMs = 500) {
  await expect
    .poll(
      async () => {
        if (inFlight.size) return false;
        await page.waitForTimeout(quietMs);
        return inFlight.size === 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('the sign-in page and the dashboard arrive compressed, and released remote files are cached for good', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await signIn(page);
  await dashboardDrawn(page);

  const own = responses.filter((r) => new URL(r.url()).origin === new URL(page.url()).origin);
  const code = own.filter((r) => ['script', 'stylesheet'].includes(r.request().resourceType()));
  expect(code.length).toBeGreaterThan(10);
  for (const response of code) {
    const headers = await response.allHeaders();
    expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
    expect(headers.vary, response.url()).toMatch(/accept-encoding/i);
  }
  // The page itself too, and every file of a versioned release folder is immutable.
  const document = own.find((r) => r.request().resourceType() === 'document');
  expect((await document!.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/);
  const remoteFiles = own.filter((r) => /^\/remotes\/[^/]+\/[^/]+\//.test(new URL(r.url()).pathname));
  expect(remoteFiles.map((r) => new URL(r.url()).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/remoteEntry\.js$/)]),
  );
  for (const response of remoteFiles) {
    expect((await response.allHeaders())['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
  }
  // Nothing the page asked for was missing (the icon included).
  expect(own.filter((r) => r.status() === 404).map((r) => r.url())).toEqual([]);
});

test('a list opened from the menu after pointing at it shows its rows without a spinner first', async ({ page }) => {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));

  await signIn(page);
  await dashboardDrawn(page);
  // Notes any spinner that shows in the page's main area from now on, even for one frame.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __spinners: string[] }).__spinners = seen;
    const check = () => {
      for (const spinner of document.querySelectorAll('main .chakra-spinner'))
        seen.push(spinner.getAttribute('aria-label') ?? 'spinner');
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  for (const title of ['Customers', 'Invoices', 'Payments', 'Products', 'Customer Balances']) {
    const link = menuLink(page, title);
    await link.hover();
    await networkQuiet(page, inFlight);
    await link.click();
    await expectTitle(page, title);
    await expect(bodyRows(page, title).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __spinners: string[] }).__spinners),
      `spinners before the ${title} rows`,
    ).toEqual([]);
  }
});

/** performance.timeOrigin + now() once the dashboard is drawn (checked every frame), as the page's wall clock. */
const DRAWN_AT = () => {
  const main = document.querySelector('main');
  if (!main || main.querySelector('[aria-busy="true"], .chakra-spinner, .chakra-skeleton')) return false;
  if (!main.querySelector('[role="img"][aria-label^="Invoiced and collected"] [data-part="bar"]')) return false;
  if (main.querySelectorAll('ul[aria-label^="Recent "]').length < 3) return false;
  return performance.timeOrigin + performance.now();
};

/** A page of its own whose every request is 150 ms away, and the log of what it asked for. */
async function onSlowLink(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return { page, requests: followRequests(cdp) };
}

/** Each request's wave, path and time from the first, for a failure's message. */
const listingOf = (requests: Fetched[], origin: string) =>
  [...requests]
    .sort((a, b) => a.start - b.start)
    .map(
      (r, _, [first]) =>
        `wave ${r.wave}: ${r.url.replace(origin, '')} ${Math.round(r.start - first!.start)}–${Math.round(r.end - first!.start)} ms`,
    )
    .join('\n');

test("the sign-in page's scripts all come in the page's second round trip, none of the signed-in pages' code or texts among them", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const { page, requests } = await onSlowLink(context);
  await page.goto('/login');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  const shownAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  const beforeShown = [...requests.values()].filter((r) => r.start <= shownAt);
  const count = sequentialWaves(beforeShown);
  const listing = listingOf(beforeShown, baseURL!);
  // The page, then its scripts and texts together (the entry's files by its script tags, the
  // boundary's by the page's preloads), then the form.
  expect(count, listing).toBe(2);
  const scripts = beforeShown.filter((r) => r.url.endsWith('.js'));
  expect(scripts.length, listing).toBeLessThanOrEqual(8);
  expect(scripts.filter((r) => /\/(lib-)?signed-in(-texts-\w+-json)?\./.test(r.url)).map((r) => r.url)).toEqual([]);
  await context.close();
});

test('a stored session draws the dashboard in at most four round trips and 25 requests on a 150 ms link', async ({
  browser,
  page,
}) => {
  await signIn(page);
  await dashboardDrawn(page);
  const storageState = await page.context().storageState();
  const origin = new URL(page.url()).origin;

  // A returning user's cold load: the session stored, nothing cached, every request 150 ms away.
  const context = await browser.newContext({ storageState });
  const { page: cold, requests } = await onSlowLink(context);

  await cold.goto(origin);
  const drawnAt = (await (
    await cold.waitForFunction(DRAWN_AT, undefined, { polling: 'raf', timeout: 60_000 })
  ).jsonValue()) as number;
  const beforeDrawn = [...requests.values()].filter((r) => r.start <= drawnAt);
  const count = sequentialWaves(beforeDrawn);
  const listing = listingOf(beforeDrawn, origin);
  expect(count, listing).toBeLessThanOrEqual(4);
  expect(beforeDrawn.length, listing).toBeLessThanOrEqual(25);
  // The profile check and the calls an admin's dashboard made last time (its summary, the company
  // settings, the cheques-to-deposit widget's own) were asked for with the page's files.
  for (const path of [
    '/api/auth/profile',
    '/api/dashboard/summary',
    '/api/settings/company',
    '/api/cheques/to-deposit',
  ]) {
    expect(beforeDrawn.find((r) => new URL(r.url).pathname === path)?.wave, listing).toBe(2);
  }
  // Every area's files were asked for in the second wave, beside the host's own; its manifest came
  // in the page (api/src/first-load.ts), not asked for at all.
  for (const area of ['masters', 'sales', 'payments']) {
    const entry = beforeDrawn.find((r) => r.url.includes(`/remotes/${area}/`) && r.url.endsWith('/remoteEntry.js'));
    expect(entry?.wave, listing).toBe(2);
  }
  expect(beforeDrawn.filter((r) => r.url.endsWith('/mf-manifest.json')).map((r) => r.url)).toEqual([]);
  // The signed-in pages' texts too, though the sign-in page goes without them.
  expect(beforeDrawn.find((r) => /\/signed-in-texts-en-json\./.test(r.url))?.wave, listing).toBe(2);
  // The dashboard has no form and none of the host's own pages: neither file is among what it waited for.
  expect(beforeDrawn.filter((r) => /\/(form-library|host-pages)\./.test(r.url)).map((r) => r.url)).toEqual([]);
  await context.close();
});

test("a stored session's page paints the shell's frame before any script runs, in the user's language and theme, and the app replaces it", async ({
  browser,
  page,
}) => {
  await signIn(page);
  await dashboardDrawn(page);
  const storageState = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  const frame = (on: Page) => on.locator('#static-shell');

  for (const { language, brand, dir, colorScheme, background } of [
    { language: 'en', brand: 'Admin System', dir: 'ltr', colorScheme: 'light', background: 'rgb(250, 250, 250)' },
    { language: 'ar', brand: 'نظام الإدارة', dir: 'rtl', colorScheme: 'dark', background: 'rgb(17, 17, 17)' },
  ] as const) {
    const context = await browser.newContext({ storageState, colorScheme });
    await context.addInitScript((chosen) => localStorage.setItem('admin.language', chosen), language);
    const cold = await context.newPage();
    // No script but the page's own inline one: what shows is painted from index.html alone.
    await cold.route(/\.js(\?|$)/, (route) => route.abort());
    await cold.goto(origin);
    await expect(frame(cold)).toBeVisible();
    // Only the language's own name shows (innerText leaves out what is not displayed).
    expect(
      await frame(cold)
        .locator('.menu .brand')
        .evaluate((el) => (el as HTMLElement).innerText),
    ).toBe(brand);
    await expect(cold.locator('html')).toHaveAttribute('dir', dir);
    expect(await frame(cold).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(background);
    // The frame counts as the page's first contentful paint.
    expect(await cold.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    await context.close();
  }

  // With its scripts, the app's own shell takes its place; without a session there is no frame.
  await page.reload();
  await dashboardDrawn(page);
  await expect(frame(page)).toHaveCount(0);
  // The style system's global CSS (the tokens the frame is painted with) is the page's own, once:
  // the app inserts none of its own.
  expect(
    await page.evaluate(
      () =>
        [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('--chakra-colors-bg:')).length,
    ),
  ).toBe(1);
  const signedOut = await browser.newPage();
  await signedOut.goto(`${origin}/login`);
  await expect(signedOut.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(frame(signedOut)).toHaveCount(0);
  await signedOut.close();
});

test("with no session stored the sign-in card's title paints before any script runs, where the page's own will be, and the page replaces it", async ({
  browser,
  baseURL,
}) => {
  const frame = (on: Page) => on.locator('#static-sign-in');
  for (const { language, title, dir } of [
    { language: 'en', title: 'Sign In', dir: 'ltr' },
    { language: 'ar', title: 'تسجيل الدخول', dir: 'rtl' },
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((chosen) => localStorage.setItem('admin.language', chosen), language);
    const page = await context.newPage();
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(`${baseURL}/login`);
    const painted = frame(page).locator('.title');
    await expect(painted).toBeVisible();
    expect(await painted.evaluate((el) => (el as HTMLElement).innerText)).toBe(title);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    const before = await painted.boundingBox();

    // With its scripts, the page's own card has its title in the same place and the frame is gone.
    await page.unroute(/\.js(\?|$)/);
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await expect(heading).toBeVisible();
    await expect(frame(page)).toHaveCount(0);
    const after = await heading.boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(after!.x + after!.width / 2 - (before!.x + before!.width / 2))).toBeLessThanOrEqual(2);
    await context.close();
  }
});
