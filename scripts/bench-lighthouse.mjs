// Lighthouse's desktop audit of the sign-in page and the signed-in dashboard, for `pnpm bench:web`.
// Chromium is started by chrome-launcher (Lighthouse's own launcher) on a debugging port; each run
// is a cold load (Lighthouse empties the cache first). The dashboard needs a session: the token of a
// sign-in through the API is put in the page's localStorage by Playwright over the same port, and
// Lighthouse is told to keep the origin's storage (it would sign the user out otherwise) while the
// HTTP cache is emptied over CDP before each run, so the dashboard loads as cold as the sign-in page.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { REPO_ROOT } from '../ops/src/layout.mjs';

const { chromium } = createRequire(path.join(REPO_ROOT, 'e2e/package.json'))('@playwright/test');

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The figures kept from one Lighthouse report. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // The accessibility audits that did not pass, to say what costs the score.
    accessibilityMisses: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id),
    // Lighthouse's own warnings (a page that redirected, a trace that could not be read) make a run suspect.
    warnings: lhr.runWarnings,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function signInToken(url, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!response.ok) throw new Error(`Sign-in for Lighthouse failed: ${response.status} ${await response.text()}`);
  return /** @type {{ token: string }} */ (await response.json()).token;
}

/**
 * Audits `/login` and `/` (signed in) `runs` times each, alternating, with Lighthouse's desktop
 * settings (its simulated desktop link and CPU). Returns per page the figures of every run, and
 * the Chromium version.
 */
export async function lighthouseRuns(url, password, runs) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const token = await signInToken(url, password);
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
    const result = { '/login': [], '/': [] };
    for (let i = 0; i < runs; i++) {
      // The sign-in page: signed out, storage and cache emptied by Lighthouse itself.
      const signIn = await lighthouse(`${url}/login`, flags, desktopConfig);
      result['/login'].push(figures(signIn.lhr));

      // The dashboard: the session stored first (Lighthouse's storage reset emptied it), then a cold cache.
      await page.goto(`${url}/login`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      const dashboard = await lighthouse(`${url}/`, { ...flags, disableStorageReset: true }, desktopConfig);
      const f = figures(dashboard.lhr);
      if (new URL(f.finalUrl).pathname !== '/') throw new Error(`Lighthouse's dashboard run ended on ${f.finalUrl}, not the dashboard`);
      result['/'].push(f);
      process.stdout.write(`lighthouse run ${i + 1}/${runs} done\n`);
    }
    return { result, version: browser.version() };
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
  }
}
