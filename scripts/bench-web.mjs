// pnpm bench:web: builds the apps, serves the production build locally, loads it in Chromium,
// signs in and visits one page of each area, and reports the gzip size of the JavaScript the
// host loads before any remote and of each remote's own JavaScript (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTES, REPO_ROOT } from '../ops/src/layout.mjs';
import { publishMissing } from '../ops/src/prepare.mjs';
import { servePlatform } from '../ops/src/serve.mjs';

const PORT = 3340;
const BUDGET_HOST_FIRST_LOAD = 250_000;
const PASSWORD = 'bench-Admin-Password-1';
const AREA_PAGES = { masters: '/customers', sales: '/invoices', payments: '/payments' };
const OUTPUT = path.join(REPO_ROOT, 'docs/benchmarks.md');

// Playwright comes with the e2e package; it drives the same Debian Chromium as the tests.
const { chromium } = createRequire(path.join(REPO_ROOT, 'e2e/package.json'))('@playwright/test');

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function build() {
  if (process.argv.includes('--no-build')) return;
  const result = spawnSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Build failed');
}

/** @param {string} url */
function bucketOf(url, origin) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\//.exec(pathname)?.[1];
  if (remote) return remote;
  return url.startsWith(origin) ? 'host' : 'other';
}

async function measure(url) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    /** @type {{ phase: string, bucket: string, url: string, raw: number, gzip: number }[]} */
    const scripts = [];
    const pending = [];
    const seen = new Set();
    let phase = 'first load';
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!response.ok() || !(type.includes('javascript') || new URL(response.url()).pathname.endsWith('.js'))) return;
      // Each file counts once, in the phase that first needed it (page loads re-request them).
      if (seen.has(response.url())) return;
      seen.add(response.url());
      const seenIn = phase;
      pending.push(
        response.body().then((body) =>
          scripts.push({
            phase: seenIn,
            bucket: bucketOf(response.url(), url),
            url: response.url(),
            raw: body.length,
            gzip: zlib.gzipSync(body).length,
          }),
        ),
      );
    });

    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username', { exact: true }).waitFor();
    phase = 'after sign-in';
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForLoadState('networkidle');
    for (const route of Object.values(AREA_PAGES)) {
      await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
    }
    await Promise.all(pending);
    return { scripts, chromiumVersion: browser.version() };
  } finally {
    await browser.close();
  }
}

function report({ scripts, chromiumVersion }) {
  const sum = (rows) => rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, files: t.files + 1 }), { raw: 0, gzip: 0, files: 0 });
  const hostFirst = sum(scripts.filter((s) => s.phase === 'first load' && s.bucket === 'host'));
  const remoteBeforeSignIn = scripts.filter((s) => s.phase === 'first load' && REMOTES.includes(s.bucket));
  const hostLater = sum(scripts.filter((s) => s.phase !== 'first load' && s.bucket === 'host'));
  const perRemote = REMOTES.map((remote) => ({ remote, ...sum(scripts.filter((s) => s.bucket === remote)) }));
  const within = hostFirst.gzip <= BUDGET_HOST_FIRST_LOAD;

  const lines = [
    '# Web benchmark',
    '',
    'Measured by `pnpm bench:web`: the production build served by `api/dist/main.js`, loaded in',
    `Chromium ${chromiumVersion}, signing in and opening ${Object.values(AREA_PAGES).join(', ')}. Sizes are the`,
    'response bodies gzipped by the script (Node zlib, default level); 1 KB = 1,000 bytes.',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores.`,
    '',
    '| what | files | raw | gzip |',
    '| --- | ---: | ---: | ---: |',
    `| host, first load (the sign-in page, before any remote) | ${hostFirst.files} | ${kb(hostFirst.raw)} | **${kb(hostFirst.gzip)}** |`,
    `| host, loaded later (after sign-in) | ${hostLater.files} | ${kb(hostLater.raw)} | ${kb(hostLater.gzip)} |`,
    ...perRemote.map((r) => `| remote ${r.remote} (its own JS) | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    '',
    `Budget for the host's first load: ${kb(BUDGET_HOST_FIRST_LOAD)} gzip. ` +
      (within
        ? `Within budget (${kb(BUDGET_HOST_FIRST_LOAD - hostFirst.gzip)} to spare).`
        : `**Over budget by ${kb(hostFirst.gzip - BUDGET_HOST_FIRST_LOAD)}.**`),
  ];
  if (remoteBeforeSignIn.length) {
    lines.push('', `Note: ${remoteBeforeSignIn.length} remote file(s) loaded before sign-in (preloading).`);
  }
  lines.push('', '## Files', '', '| phase | part | file | gzip |', '| --- | --- | --- | ---: |');
  for (const s of [...scripts].sort((a, b) => a.phase.localeCompare(b.phase) || a.bucket.localeCompare(b.bucket) || b.gzip - a.gzip)) {
    lines.push(`| ${s.phase} | ${s.bucket} | ${new URL(s.url).pathname} | ${kb(s.gzip)} |`);
  }
  const text = `${lines.join('\n')}\n`;
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, text);
  console.log(lines.slice(7, 14 + REMOTES.length).join('\n'));
  console.log(`\nWritten to ${path.relative(REPO_ROOT, OUTPUT)}`);
}

build();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-bench-'));
const releasesDir = path.join(work, 'releases');
publishMissing(releasesDir);
const server = await servePlatform({ port: PORT, releasesDir, dataDir: path.join(work, 'data'), env: { ADMIN_PASSWORD: PASSWORD } });
try {
  report(await measure(server.url));
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
