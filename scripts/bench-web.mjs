// pnpm bench:web: builds the apps, serves the production build on a free port (a fresh database
// with the demo data), and drives Debian Chromium through what staff do, several times over:
// open the sign-in page, sign in until the dashboard is fully drawn (figures, the three recent
// lists, the chart), open every list from the menu until its rows show, and load the dashboard
// cold with a stored session. Then the same pages on a link profile (a phone on mobile data: 150 ms
// round trips, 1.6 Mbps down, 4× slower CPU, through CDP), counting the sequential round trips to a
// drawn dashboard. Then Lighthouse's desktop and mobile audits of the sign-in page and the dashboard
// (scripts/bench-lighthouse.mjs). It reports medians with min–max of the runs and writes them to
// the "Latest run" section of docs/benchmarks.md.
//
//   pnpm bench:web [--no-build] [--runs N] [--link-runs N] [--no-link] [--lighthouse-runs N] [--no-lighthouse] [--no-write]
//                  [--list-requests]   (each link run's requests before the dashboard is drawn, with their wave)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../ops/src/layout.mjs';
import { publishMissing } from '../ops/src/prepare.mjs';
import { servePlatform } from '../ops/src/serve.mjs';
import { lighthouseRuns } from './bench-lighthouse.mjs';
import { followRequests, sequentialWaves } from './round-trips.mjs';

const PASSWORD = 'bench-Admin-Password-1';
/** The lists timed from a menu click to their first rows, in the order they are opened. */
const LISTS = /** @type {const} */ (['Customers', 'Invoices', 'Payments', 'Products', 'Customer Balances']);
/** The phases of a run, each counting what loaded since the one before. */
const PHASES = /** @type {const} */ (['sign-in page', 'dashboard drawn', 'every list']);
const OUTPUT = path.join(REPO_ROOT, 'docs/benchmarks.md');
const START_MARK = '<!-- bench:web latest -->';
const END_MARK = '<!-- /bench:web latest -->';
const VIEWPORT = { width: 1440, height: 900 };
const LIGHTHOUSE_VERSION = /** @type {{ version: string }} */ (
  createRequire(import.meta.url)('lighthouse/package.json')
).version;

const args = process.argv.slice(2);
/**
 * @param {string} name
 * @param {number} fallback
 */
const option = (name, fallback) =>
  args.includes(name) ? Math.max(1, Number(args[args.indexOf(name) + 1]) || fallback) : fallback;
const RUNS = option('--runs', 5);
const LIGHTHOUSE_RUNS = args.includes('--no-lighthouse') ? 0 : option('--lighthouse-runs', 3);
const LINK_RUNS = args.includes('--no-link') ? 0 : option('--link-runs', 3);
/** The link profile: a phone on mobile data or hotel Wi-Fi, and a 4× slower CPU. */
const LINK = { latencyMs: 150, downMbps: 1.6, upMbps: 0.75, cpuSlowdown: 4 };

// Playwright comes with the e2e package (tsconfig.scripts.json reads its types from there); it
// drives the same Debian Chromium as the tests.
const { chromium } = /** @type {typeof import('@playwright/test')} */ (
  createRequire(path.join(REPO_ROOT, 'e2e/package.json'))('@playwright/test')
);

/**
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {import('@playwright/test').CDPSession} CDPSession
 * @typedef {(typeof LISTS)[number]} ListTitle
 * @typedef {(typeof PHASES)[number]} Phase
 */
/**
 * What OBSERVERS and LIST_ROWS keep on the page's window.
 * @typedef {{ longTasks: { start: number, duration: number }[], shifts: { start: number, value: number }[], lastClick: number }} BenchState
 * @typedef {typeof window & { __bench: BenchState, __benchList?: { spinner: boolean } }} BenchWindow
 */
/**
 * A layout-shift entry (TypeScript's DOM types have no LayoutShift).
 * @typedef {PerformanceEntry & { value: number, hadRecentInput: boolean }} LayoutShiftEntry
 */

/**
 * A port nobody listens on right now (the OS picks it).
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function build() {
  if (args.includes('--no-build')) return;
  const result = spawnSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Build failed');
}

// Runs in every page before its own scripts: long tasks and layout shifts from the start.
const OBSERVERS = () => {
  /** @type {BenchState} */
  const bench = { longTasks: [], shifts: [], lastClick: 0 };
  Object.assign(window, { __bench: bench });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of /** @type {LayoutShiftEntry[]} */ (list.getEntries()))
      if (!e.hadRecentInput) bench.shifts.push({ start: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('click', (event) => (bench.lastClick = event.timeStamp), true);
};

/**
 * The dashboard is drawn when nothing on it is busy or loading any more, every card shows its
 * figure, the three recent lists are there and the chart has its bars. Returns the time it
 * became so (performance.now of the page); polled every frame, so a spinner that shows even for
 * one frame is noticed.
 */
const DASHBOARD_DRAWN = () => {
  const main = document.querySelector('main');
  if (!main) return false;
  if (main.querySelector('[aria-busy="true"], .chakra-spinner, .chakra-skeleton')) return false;
  const chart = main.querySelector('[role="img"][aria-label^="Invoiced and collected"]');
  if (!chart?.querySelector('.recharts-bar-rectangle, [data-part="bar"]')) return false;
  if (main.querySelectorAll('ul[aria-label^="Recent "]').length < 3) return false;
  if (!main.querySelector('[data-part="figure"]')) return false;
  return performance.now();
};

/**
 * A list's table shows data rows (not its spinner or empty row); also notes any spinner seen meanwhile.
 * @param {string} title
 */
const LIST_ROWS = (title) => {
  const win = /** @type {BenchWindow} */ (window);
  const state = win.__benchList ?? (win.__benchList = { spinner: false });
  if (document.querySelector('main .chakra-spinner')) state.spinner = true;
  const table = document.querySelector(`main table[aria-label="${title}"]`);
  if (!table || table.getAttribute('aria-busy') === 'true') return false;
  const rows = [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelectorAll('td').length > 1);
  return rows.length > 0 ? { at: performance.now(), spinner: state.spinner } : false;
};

/**
 * Follows every request of a page over CDP: the phase it started in, its bytes on the wire
 * (headers and body as received, after any Content-Encoding) and, for JavaScript, the gzip size
 * of its body (Node zlib, default level), so JS weight compares across servers that compress or not.
 * @param {Page} page
 */
async function trackNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Tracker} */
  const tracker = { phase: 'sign-in page', requests: new Map(), pending: [] };
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (request.url.startsWith('data:')) return;
    tracker.requests.set(requestId, {
      phase: tracker.phase,
      url: request.url,
      type,
      wire: 0,
      js: false,
      gzip: 0,
      encoding: '',
    });
  });
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const r = tracker.requests.get(requestId);
    if (!r) return;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    r.encoding = headers['content-encoding'] ?? '';
    r.js = type === 'Script' || /javascript/.test(response.mimeType);
    r.status = response.status;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = tracker.requests.get(requestId);
    if (!r) return;
    r.wire = encodedDataLength;
    if (r.js && r.status === 200) {
      tracker.pending.push(
        cdp.send('Network.getResponseBody', { requestId }).then(
          ({ body, base64Encoded }) =>
            (r.gzip = zlib.gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8')).length),
          () => undefined,
        ),
      );
    }
  });
  return { cdp, tracker };
}

/**
 * @typedef {Phase | 'cold dashboard'} TrackedPhase
 * @typedef {{ phase: TrackedPhase, url: string, type: string | undefined, wire: number, js: boolean, gzip: number, encoding: string, status?: number }} TrackedRequest
 * @typedef {{ phase: TrackedPhase, requests: Map<string, TrackedRequest>, pending: Promise<unknown>[] }} Tracker
 */

/**
 * Totals of the requests that started in the given phases.
 * @param {Tracker} tracker
 * @param {TrackedPhase[]} phases
 */
function totals(tracker, phases) {
  const rows = [...tracker.requests.values()].filter((r) => phases.includes(r.phase));
  const js = rows.filter((r) => r.js);
  return {
    requests: rows.length,
    wire: rows.reduce((t, r) => t + r.wire, 0),
    jsFiles: js.length,
    jsGzip: js.reduce((t, r) => t + r.gzip, 0),
    jsWire: js.reduce((t, r) => t + r.wire, 0),
    uncompressedText: rows.filter(
      (r) => r.status === 200 && /\.(js|css|json|html|svg)$/.test(new URL(r.url).pathname) && !r.encoding,
    ).length,
  };
}

/** @param {CDPSession} cdp */
async function heapUsed(cdp) {
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/**
 * Total blocking time of the long tasks that started between two page times.
 * @param {Page} page
 * @param {number} from
 * @param {number} to
 */
async function blocking(page, from, to) {
  return page.evaluate(([a, b]) => {
    const tasks = /** @type {BenchWindow} */ (window).__bench.longTasks.filter((t) => t.start >= a && t.start <= b);
    return { tbt: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0), longTasks: tasks.length };
  }, /** @type {[number, number]} */ ([from, to]));
}

/**
 * @param {Page} page
 * @param {number} to
 */
async function cls(page, to) {
  return page.evaluate(
    (b) =>
      /** @type {BenchWindow} */ (window).__bench.shifts.filter((s) => s.start <= b).reduce((t, s) => t + s.value, 0),
    to,
  );
}

/**
 * @param {Browser} browser
 * @param {import('@playwright/test').BrowserContextOptions['storageState']} [storageState]
 */
async function newPage(browser, storageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  await context.addInitScript(OBSERVERS);
  return context.newPage();
}

/**
 * The value of a waitForFunction handle, which Playwright gives only once it is truthy.
 * @template T
 * @param {import('@playwright/test').JSHandle<T | false>} handle
 * @returns {Promise<T>}
 */
async function reached(handle) {
  const value = await handle.jsonValue();
  if (value === false) throw new Error('waitForFunction returned before its condition held');
  return value;
}

/**
 * @typedef {ReturnType<typeof totals>} Totals
 * @typedef {{ ms: number, spinner: boolean }} ListOpen
 * @typedef {Awaited<ReturnType<typeof runOnce>>} Run
 * @typedef {Awaited<ReturnType<typeof linkRun>>} LinkRun
 */

/**
 * One run: sign-in page, sign in to a drawn dashboard, every list from the menu; then a cold dashboard.
 * @param {Browser} browser
 * @param {string} url
 */
async function runOnce(browser, url) {
  const page = await newPage(browser);
  const { cdp, tracker } = await trackNetwork(page);

  await page.goto(`${url}/login`);
  const username = page.getByLabel('Username', { exact: true });
  await username.waitFor();
  const signInShown = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');

  tracker.phase = 'dashboard drawn';
  await username.fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const drawnAt = await reached(
    await page.waitForFunction(DASHBOARD_DRAWN, undefined, { polling: 'raf', timeout: 60_000 }),
  );
  const clickAt = await page.evaluate(() => /** @type {BenchWindow} */ (window).__bench.lastClick);
  const signInToDashboard = drawnAt - clickAt;
  const signInBlocking = await blocking(page, clickAt, drawnAt);
  const heapDashboard = await heapUsed(cdp);

  tracker.phase = 'every list';
  // Every title gets its figure in the loop below.
  const lists = /** @type {Record<ListTitle, ListOpen>} */ ({});
  for (const title of LISTS) {
    await page.evaluate(() => delete (/** @type {BenchWindow} */ (window).__benchList));
    await page.locator('nav, aside').getByRole('link', { name: title, exact: true }).first().click();
    const shown = await reached(await page.waitForFunction(LIST_ROWS, title, { polling: 'raf', timeout: 30_000 }));
    const at = await page.evaluate(() => /** @type {BenchWindow} */ (window).__bench.lastClick);
    lists[title] = { ms: shown.at - at, spinner: shown.spinner };
  }
  await page.waitForLoadState('networkidle');
  const heapLists = await heapUsed(cdp);
  await Promise.all(tracker.pending);
  /** @type {Record<Phase, Totals>} */
  const phases = {
    'sign-in page': totals(tracker, ['sign-in page']),
    'dashboard drawn': totals(tracker, ['sign-in page', 'dashboard drawn']),
    'every list': totals(tracker, ['sign-in page', 'dashboard drawn', 'every list']),
  };
  const storageState = await page.context().storageState();
  await page.context().close();

  // A cold dashboard: an empty cache, the session already stored (a returning user's reload).
  const cold = await newPage(browser, storageState);
  const coldNet = await trackNetwork(cold);
  coldNet.tracker.phase = 'cold dashboard';
  await cold.goto(url);
  const coldDashboard = await reached(
    await cold.waitForFunction(DASHBOARD_DRAWN, undefined, { polling: 'raf', timeout: 60_000 }),
  );
  const coldBlocking = await blocking(cold, 0, coldDashboard);
  const coldCls = await cls(cold, coldDashboard);
  await Promise.all(coldNet.tracker.pending);
  const coldPhase = totals(coldNet.tracker, ['cold dashboard']);
  await cold.context().close();
  return {
    signInShown,
    signInToDashboard,
    signInBlocking,
    heapDashboard,
    lists,
    heapLists,
    phases,
    coldDashboard,
    coldBlocking,
    coldCls,
    coldPhase,
    storageState,
  };
}

/**
 * Slows a page to the link profile.
 * @param {CDPSession} cdp
 */
async function throttle(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: (LINK.downMbps * 1e6) / 8,
    uploadThroughput: (LINK.upMbps * 1e6) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LINK.cpuSlowdown });
}

/** @param {Page} page */
const firstPaint = (page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);

/**
 * One run on the link profile: the sign-in page cold, then a stored session's cold dashboard with
 * its sequential round trips and requests until drawn.
 * @param {Browser} browser
 * @param {string} url
 * @param {import('@playwright/test').BrowserContextOptions['storageState']} storageState
 */
async function linkRun(browser, url, storageState) {
  const page = await newPage(browser);
  await throttle(await page.context().newCDPSession(page));
  await page.goto(`${url}/login`);
  await page.getByLabel('Username', { exact: true }).waitFor({ timeout: 60_000 });
  const signInShown = await page.evaluate(() => performance.now());
  const signInPaint = await firstPaint(page);
  await page.context().close();

  const cold = await newPage(browser, storageState);
  const cdp = await cold.context().newCDPSession(cold);
  await throttle(cdp);
  const requests = followRequests(cdp);
  await cold.goto(url);
  const drawn = await reached(
    await cold.waitForFunction(DASHBOARD_DRAWN, undefined, { polling: 'raf', timeout: 120_000 }),
  );
  const drawnWall = await cold.evaluate((at) => performance.timeOrigin + at, drawn);
  const beforeDrawn = [...requests.values()].filter((r) => r.start <= drawnWall);
  const coldPaint = await firstPaint(cold);
  await cold.context().close();
  const roundTrips = sequentialWaves(beforeDrawn);
  if (args.includes('--list-requests')) {
    // Which request waited for which: each one's wave, start and end from the navigation, in ms.
    const origin = Math.min(...beforeDrawn.map((r) => r.start));
    for (const r of [...beforeDrawn].sort((a, b) => a.start - b.start))
      console.log(
        `  wave ${r.wave} ${Math.round(r.start - origin)}–${Math.round(r.end - origin)} ms ${r.url.replace(url, '')}`,
      );
  }
  return {
    signInPaint,
    signInShown,
    coldPaint,
    coldDashboard: drawn,
    roundTrips,
    requests: beforeDrawn.length,
  };
}

/** @param {number[]} values */
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  /** @param {number} i */
  const at = (i) => {
    const value = s[i];
    if (value === undefined) throw new Error('A median of no values');
    return value;
  };
  return s.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/** @typedef {(value: number) => string} Format */

/**
 * 'median (min–max)' of a figure over the runs.
 * @param {number[]} values
 * @param {Format} format
 */
function spread(values, format) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? format(min) : `${format(median(values))} (${format(min)}–${format(max)})`;
}

/** @type {Format} */
const ms = (v) => `${Math.round(v)} ms`;
/** @type {Format} */
const kb = (v) => `${(v / 1000).toFixed(1)} KB`;
/** @type {Format} */
const mb = (v) => `${(v / 1e6).toFixed(1)} MB`;
/** @type {Format} */
const count = (v) => `${Math.round(v)}`;
/** @type {Format} */
const shift = (v) => v.toFixed(3);

/**
 * @param {Run[]} runs
 * @param {string} chromiumVersion
 * @param {number} loadBefore
 * @param {number} loadAfter
 */
function report(runs, chromiumVersion, loadBefore, loadAfter) {
  /**
   * @param {(run: Run) => number} pick
   * @param {Format} format
   */
  const col = (pick, format) => spread(runs.map(pick), format);
  const lines = [
    `Chromium ${chromiumVersion}, ${VIEWPORT.width}×${VIEWPORT.height}, against \`api/dist/main.js\` (PGlite, demo data) on`,
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1e9)} GB; ${runs.length} runs after one warm-up,`,
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
    '(the machine is shared). Figures are medians with (min–max); 1 KB = 1,000 bytes.',
    '',
    '| timing | median (min–max) |',
    '| --- | ---: |',
    `| sign-in page: form shown, cold | ${col((r) => r.signInShown, ms)} |`,
    `| sign-in click → dashboard drawn | ${col((r) => r.signInToDashboard, ms)} |`,
    `| cold dashboard drawn (stored session, empty cache) | ${col((r) => r.coldDashboard, ms)} |`,
    ...LISTS.map((title) => `| menu click → ${title} rows | ${col((r) => r.lists[title].ms, ms)} |`),
    `| menu click → rows, median of the five lists | ${col((r) => median(LISTS.map((t) => r.lists[t].ms)), ms)} |`,
    `| list opens that showed a spinner first | ${col((r) => LISTS.filter((t) => r.lists[t].spinner).length, count)} of ${LISTS.length} |`,
    `| cold dashboard: total blocking time (long tasks) | ${col((r) => r.coldBlocking.tbt, ms)} (${col((r) => r.coldBlocking.longTasks, count)} tasks) |`,
    `| sign-in → dashboard: total blocking time (long tasks) | ${col((r) => r.signInBlocking.tbt, ms)} (${col((r) => r.signInBlocking.longTasks, count)} tasks) |`,
    `| cold dashboard: layout shift until drawn (CLS) | ${col((r) => r.coldCls, shift)} |`,
    `| JS heap used: dashboard drawn / after every list | ${col((r) => r.heapDashboard, mb)} / ${col((r) => r.heapLists, mb)} |`,
    '',
    'Loaded so far, counted from a cold sign-in page (each phase includes the ones before it):',
    '',
    '| phase | JS files | JS gzip | JS on the wire | all requests | all bytes on the wire | text files sent uncompressed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  /**
   * @param {string} label
   * @param {(run: Run) => Totals} pick
   */
  const phaseRow = (label, pick) =>
    `| ${label} | ${col((r) => pick(r).jsFiles, count)} | ${col((r) => pick(r).jsGzip, kb)} | ${col((r) => pick(r).jsWire, kb)} | ${col((r) => pick(r).requests, count)} | ${col((r) => pick(r).wire, kb)} | ${col((r) => pick(r).uncompressedText, count)} |`;
  for (const phase of PHASES) lines.push(phaseRow(phase, (r) => r.phases[phase]));
  lines.push(phaseRow('cold dashboard (alone)', (r) => r.coldPhase));
  return lines.join('\n');
}

/**
 * @param {LinkRun[]} runs
 * @param {number} loadBefore
 * @param {number} loadAfter
 */
function linkReport(runs, loadBefore, loadAfter) {
  /**
   * @param {(run: LinkRun) => number} pick
   * @param {Format} format
   */
  const col = (pick, format) => spread(runs.map(pick), format);
  return [
    `Link profile: ${LINK.latencyMs} ms round trips, ${LINK.downMbps} Mbps down, ${LINK.upMbps} Mbps up, CPU ${LINK.cpuSlowdown}× slower`,
    `(CDP network and CPU emulation); ${runs.length} cold runs. Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    '| on the link profile | median (min–max) |',
    '| --- | ---: |',
    `| sign-in page: first paint | ${col((r) => r.signInPaint, ms)} |`,
    `| sign-in page: form shown | ${col((r) => r.signInShown, ms)} |`,
    `| cold dashboard (stored session): first paint | ${col((r) => r.coldPaint, ms)} |`,
    `| cold dashboard drawn | ${col((r) => r.coldDashboard, ms)} |`,
    `| sequential round trips before the dashboard is drawn | ${col((r) => r.roundTrips, count)} |`,
    `| requests before the dashboard is drawn | ${col((r) => r.requests, count)} |`,
  ].join('\n');
}

/**
 * Lighthouse's figures per page, medians with min–max, and the accessibility audits any run failed.
 * @param {Awaited<ReturnType<typeof lighthouseRuns>>} audits
 * @param {'desktop' | 'mobile'} formFactor
 * @param {number} loadBefore
 * @param {number} loadAfter
 */
function lighthouseReport({ result, version }, formFactor, loadBefore, loadAfter) {
  const pages = /** @type {const} */ ([
    ['/login', 'sign-in page'],
    ['/', 'dashboard (signed in)'],
  ]);
  /** @type {Format} */
  const score = (v) => v.toFixed(2);
  const lines = [
    `Lighthouse ${LIGHTHOUSE_VERSION}, ${formFactor === 'desktop' ? 'desktop settings (its simulated desktop link and CPU)' : 'mobile settings (a phone screen, simulated slow 4G, 4× CPU)'}, performance and accessibility,`,
    `Chromium ${version} headless; ${LIGHTHOUSE_RUNS} cold runs per page. Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    '| page | performance | accessibility | TBT | LCP | FCP | CLS | accessibility audits not passed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [route, label] of pages) {
    const runs = result[route];
    /**
     * @param {(run: import('./bench-lighthouse.mjs').Figures) => number} pick
     * @param {Format} format
     */
    const col = (pick, format) => spread(runs.map(pick), format);
    const misses =
      [...new Set(runs.flatMap((r) => r.accessibilityMisses))].map((id) => `\`${id}\``).join(', ') || 'none';
    lines.push(
      `| ${label} | ${col((r) => r.performance, score)} | ${col((r) => r.accessibility, score)} | ${col((r) => r.tbt, ms)} | ${col((r) => r.lcp, ms)} | ${col((r) => r.fcp, ms)} | ${col((r) => r.cls, shift)} | ${misses} |`,
    );
  }
  return lines.join('\n');
}

/** @param {string} text */
function write(text) {
  const doc = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '# Web benchmark\n';
  const section = `${START_MARK}\n${text}\n${END_MARK}`;
  const start = doc.indexOf(START_MARK);
  const end = doc.indexOf(END_MARK);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + section + doc.slice(end + END_MARK.length)
      : `${doc.trimEnd()}\n\n## Latest run\n\n${section}\n`;
  fs.writeFileSync(OUTPUT, next);
}

/** The load average over the last minute (os.loadavg() gives 0 where the OS has none). */
const loadAverage = () => os.loadavg()[0] ?? 0;

build();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-bench-'));
const releasesDir = path.join(work, 'releases');
publishMissing(releasesDir);
const server = await servePlatform({
  port: await freePort(),
  releasesDir,
  dataDir: path.join(work, 'data'),
  env: { ADMIN_PASSWORD: PASSWORD },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const loadBefore = loadAverage();
  await runOnce(browser, server.url); // warm-up: the server's first answers and the database's caches
  /** @type {Run[]} */
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await runOnce(browser, server.url));
    process.stdout.write(`run ${i + 1}/${RUNS} done\n`);
  }
  let text = report(runs, browser.version(), loadBefore, loadAverage());
  const storageState = runs[0]?.storageState;
  if (LINK_RUNS > 0 && storageState) {
    const linkLoad = loadAverage();
    /** @type {LinkRun[]} */
    const linkRuns = [];
    for (let i = 0; i < LINK_RUNS; i++) linkRuns.push(await linkRun(browser, server.url, storageState));
    text += `\n\n${linkReport(linkRuns, linkLoad, loadAverage())}`;
  }
  if (LIGHTHOUSE_RUNS > 0) {
    for (const formFactor of /** @type {const} */ (['desktop', 'mobile'])) {
      const lighthouseLoad = loadAverage();
      const audits = await lighthouseRuns(server.url, PASSWORD, LIGHTHOUSE_RUNS, formFactor);
      text += `\n\n${lighthouseReport(audits, formFactor, lighthouseLoad, loadAverage())}`;
    }
  }
  console.log(`\n${text}`);
  if (!args.includes('--no-write')) {
    write(text);
    console.log(`\nWritten to ${path.relative(REPO_ROOT, OUTPUT)}`);
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
