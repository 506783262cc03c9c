// Lighthouse's desktop and mobile audits of the sign-in page and the signed-in dashboard, for `pnpm bench:web`.
// Chromium is started by chrome-launcher (Lighthouse's own launcher) on a debugging port; each run
// is a cold load (Lighthouse empties the cache first). The dashboard needs a session: the token of a
// sign-in through the API is put in the page's localStorage by Playwright over the same port (and
// taken out again before each sign-in page run: Lighthouse's storage reset leaves localStorage, and
// a stored session turns /login into the dashboard), Lighthouse keeps the origin's storage for the
// dashboard, and the HTTP cache is emptied over CDP before each run, so both pages load cold. A run
// that ends on another page than the one audited stops the benchmark.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../ops/src/layout.mjs';

// Playwright comes with the e2e package (tsconfig.scripts.json reads its types from there).
const { chromium } = /** @type {typeof import('@playwright/test')} */ (
  createRequire(path.join(REPO_ROOT, 'e2e/package.json'))('@playwright/test')
);

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

/** @typedef {ReturnType<typeof figures>} Figures */

/**
 * The figures kept from one Lighthouse report.
 * @param {import('lighthouse').Result} lhr
 */
function figures(lhr) {
  /** @param {string} id */
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  /** @param {string} id */
  const category = (id) => {
    const found = lhr.categories[id];
    const score = found?.score;
    // A score is null when Lighthouse's run failed; the report's medians need a number.
    if (!found || typeof score !== 'number') {
      const reason = lhr.runtimeError ? `: ${lhr.runtimeError.message}` : '';
      throw new Error(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}${reason}`);
    }
    return { score, auditRefs: found.auditRefs };
  };
  const performance = category('performance');
  const accessibility = category('accessibility');
  return {
    performance: performance.score,
    accessibility: accessibility.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // The accessibility audits that did not pass, to say what costs the score.
    accessibilityMisses: accessibility.auditRefs
      .filter((ref) => {
        const score = lhr.audits[ref.id]?.score;
        return ref.weight > 0 && typeof score === 'number' && score < 1;
      })
      .map((ref) => ref.id),
    // Lighthouse's own warnings (a page that redirected, a trace that could not be read) make a run suspect.
    warnings: lhr.runWarnings,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * @param {string} url
 * @param {string} password
 */
async function signInToken(url, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!response.ok) throw new Error(`Sign-in for Lighthouse failed: ${response.status} ${await response.text()}`);
  return /** @type {{ data: { token: string } }} */ (await response.json()).data.token;
}

/**
 * Audits `/login` and `/` (signed in) `runs` times each, alternating, with Lighthouse's desktop
 * settings (its simulated desktop link and CPU) or its default mobile ones (a phone's screen, a
 * simulated slow 4G link and a 4× slower CPU). Returns per page the figures of every run, and the
 * Chromium version.
 * @param {string} url
 * @param {string} password
 * @param {number} runs
 * @param {'desktop' | 'mobile'} formFactor
 */
export async function lighthouseRuns(url, password, runs, formFactor) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium from chrome-launcher has no browser context to sign in with');
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const token = await signInToken(url, password);
    /** @type {import('lighthouse').Flags} */
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    };
    /** @type {Record<'/login' | '/', Figures[]>} */
    const result = { '/login': [], '/': [] };
    /**
     * Signs in or out for the next run: the token in localStorage, or none (Lighthouse's reset keeps localStorage).
     * @param {string | null} value
     */
    const session = async (value) => {
      await page.goto(`${url}/favicon.svg`);
      await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), value);
      await page.goto('about:blank');
    };
    /**
     * One cold Lighthouse run that must end on `pathname` (a stored session would turn /login into the dashboard).
     * @param {string} pathname
     * @param {import('lighthouse').Flags} [extra]
     */
    const audit = async (pathname, extra = {}) => {
      await cdp.send('Network.clearBrowserCache');
      const config = formFactor === 'desktop' ? desktopConfig : undefined;
      const run = await lighthouse(`${url}${pathname}`, { ...flags, ...extra }, config);
      if (!run) throw new Error(`Lighthouse's run of ${pathname} gave no report`);
      const f = figures(run.lhr);
      if (new URL(f.finalUrl).pathname !== pathname)
        throw new Error(`Lighthouse's run of ${pathname} ended on ${f.finalUrl}`);
      return f;
    };
    for (let i = 0; i < runs; i++) {
      await session(null);
      result['/login'].push(await audit('/login'));
      // Lighthouse keeps the origin's storage here (the session), and the cache was emptied above.
      await session(token);
      result['/'].push(await audit('/', { disableStorageReset: true }));
      process.stdout.write(`lighthouse run ${i + 1}/${runs} done\n`);
    }
    return { result, version: browser.version() };
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
  }
}
