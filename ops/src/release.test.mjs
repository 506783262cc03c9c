import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { OpsError, REPO_ROOT } from './layout.mjs';
import { contentHash, publish, rollback, status } from './release.mjs';
import { readHistory, readPlatform } from './store.mjs';
import { cli as runCli, fakeBuild as build, platformReader, scratch, snapshot } from './test-support.mjs';

const salesVersion = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'remote-sales/package.json'), 'utf8')).version;

/** @type {string} */
let work;
/** @type {string} */
let dir;
/** @type {() => void} */
let remove;

beforeEach(() => {
  ({ work, dir, remove } = scratch());
});
afterEach(() => remove());

/** @param {string} label */
const fakeBuild = (label) => build(work, label);
/** @param {string[]} args */
const cli = (...args) => runCli(dir, args);
const DIGEST = expect.stringMatching(/^sha384-[A-Za-z0-9+/]+=*$/);

describe('publish', () => {
  it('publishes a build under <package version>-<content hash> and points platform.json at it', () => {
    const dist = fakeBuild('A');
    const result = publish({ remote: 'sales', dir, distDir: dist });

    expect(result.version).toBe(`${salesVersion}-${contentHash(dist)}`);
    expect(result.version).toMatch(/^\d+\.\d+\.\d+.*-[0-9a-f]{8}$/);
    const { 'integrity.json': digests, ...copied } = snapshot(path.join(dir, 'sales', result.version));
    expect(copied).toEqual(snapshot(dist));
    expect(digests).toBeDefined();
    expect(readPlatform(dir)).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        sales: {
          version: result.version,
          entry: `/remotes/sales/${result.version}/mf-manifest.json`,
          integrity: { 'mf-manifest.json': DIGEST, 'remoteEntry.js': DIGEST, 'static/js/async/page.js': DIGEST },
        },
      },
    });
    expect(readHistory(dir)).toEqual([
      { remote: 'sales', version: result.version, entry: result.entry, at: expect.any(String), action: 'release' },
    ]);
  });

  it('gives the browser the digests of the manifest and every script and stylesheet, not of the other files', () => {
    const dist = fakeBuild('A');
    for (const file of [
      'static/css/page.css',
      'static/js/async/page.js.gz',
      'static/js/async/page.js.LICENSE.txt',
      'mf-stats.json',
    ]) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), file);
    }
    const { version } = publish({ remote: 'sales', dir, distDir: dist });
    const integrity = readPlatform(dir)?.remotes.sales?.integrity ?? {};
    expect(Object.keys(integrity).sort()).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'static/css/page.css',
      'static/js/async/page.js',
    ]);
    const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'sales', version, 'integrity.json'), 'utf8'));
    for (const [file, digest] of Object.entries(integrity)) expect(digest).toBe(recorded[file]);
  });

  it('never changes an existing version folder, and a changed build gets a new version', () => {
    const a = publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const before = snapshot(path.join(dir, 'sales', a.version));
    const again = publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const b = publish({ remote: 'sales', dir, distDir: fakeBuild('B') });

    expect(again).toMatchObject({ version: a.version, created: false });
    expect(b.version).not.toBe(a.version);
    expect(snapshot(path.join(dir, 'sales', a.version))).toEqual(before);
  });

  it('changes neither the host files nor the other remotes entries and folders', () => {
    publish({ remote: 'masters', dir, distDir: fakeBuild('M') });
    publish({ remote: 'payments', dir, distDir: fakeBuild('P') });
    publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const hostBefore = snapshot(path.join(REPO_ROOT, 'host'));
    const othersBefore = [snapshot(path.join(dir, 'masters')), snapshot(path.join(dir, 'payments'))];
    const platformBefore = readPlatform(dir);

    publish({ remote: 'sales', dir, distDir: fakeBuild('B') });
    rollback({ remote: 'sales', dir });

    const platformAfter = readPlatform(dir);
    expect(platformAfter?.remotes.masters).toEqual(platformBefore?.remotes.masters);
    expect(platformAfter?.remotes.payments).toEqual(platformBefore?.remotes.payments);
    expect(platformAfter?.apiBaseUrl).toBe('/api');
    expect([snapshot(path.join(dir, 'masters')), snapshot(path.join(dir, 'payments'))]).toEqual(othersBefore);
    expect(snapshot(path.join(REPO_ROOT, 'host'))).toEqual(hostBefore);
  });

  it('points the entry at another origin when given a base URL', () => {
    const result = publish({ remote: 'payments', dir, distDir: fakeBuild('P'), baseUrl: 'https://cdn.example.com/' });
    expect(readPlatform(dir)?.remotes.payments?.entry).toBe(
      `https://cdn.example.com/remotes/payments/${result.version}/mf-manifest.json`,
    );
  });

  it('refuses a folder without a remote build and changes nothing', () => {
    const empty = path.join(work, 'empty');
    fs.mkdirSync(empty);
    expect(() => publish({ remote: 'sales', dir, distDir: empty })).toThrow(/mf-manifest\.json missing/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe("a release's pages", () => {
  /**
   * A build that declares pages (as a remote build's area-summary.json does).
   * @param {string} label
   * @param {string[]} paths
   */
  const buildServing = (label, paths) => {
    const dist = fakeBuild(label);
    const pages = paths.map((p, order) => ({
      path: p,
      label: { en: p, ar: p },
      menu: { group: 'transactions', order },
    }));
    fs.writeFileSync(path.join(dist, 'area-summary.json'), JSON.stringify({ pages }));
    return dist;
  };
  const summaryOf = () => readPlatform(dir)?.remotes.payments?.summary;

  it('go into platform.json with the release; a rollback brings back the old ones and names what it retired', () => {
    publish({ remote: 'payments', dir, distDir: buildServing('A', ['/payments']) });
    expect(summaryOf()?.pages.map((page) => page.path)).toEqual(['/payments']);
    expect(summaryOf()?.retired).toBeUndefined();

    publish({ remote: 'payments', dir, distDir: buildServing('B', ['/payments', '/cheques']) });
    expect(summaryOf()?.pages.map((page) => page.path)).toEqual(['/payments', '/cheques']);

    rollback({ remote: 'payments', dir });
    expect(summaryOf()).toEqual({
      pages: [
        { path: '/payments', label: { en: '/payments', ar: '/payments' }, menu: { group: 'transactions', order: 0 } },
      ],
      retired: ['/cheques'],
    });
  });

  it('are absent for a build that declares none, as before areas declared their pages', () => {
    publish({ remote: 'payments', dir, distDir: fakeBuild('A') });
    expect(readPlatform(dir)?.remotes.payments).not.toHaveProperty('summary');
  });
});

describe('rollback', () => {
  it('points back at the previous release, then refuses to go further', () => {
    const a = publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const b = publish({ remote: 'sales', dir, distDir: fakeBuild('B') });

    expect(rollback({ remote: 'sales', dir })).toMatchObject({ version: a.version, from: b.version });
    expect(readPlatform(dir)?.remotes.sales).toMatchObject({
      version: a.version,
      entry: a.entry,
      integrity: expect.any(Object),
    });
    expect(readHistory(dir).at(-1)).toMatchObject({ remote: 'sales', version: a.version, action: 'rollback' });
    expect(() => rollback({ remote: 'sales', dir })).toThrow(/no earlier release/);
  });

  it('skips a release that was rolled back when rolling back its successor', () => {
    const a = publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    publish({ remote: 'sales', dir, distDir: fakeBuild('B') });
    rollback({ remote: 'sales', dir });
    publish({ remote: 'sales', dir, distDir: fakeBuild('C') });

    expect(rollback({ remote: 'sales', dir }).version).toBe(a.version);
  });

  it('goes to a named version with --to, keeping the origin it was published to', () => {
    const a = publish({ remote: 'sales', dir, distDir: fakeBuild('A'), baseUrl: 'http://localhost:3301' });
    publish({ remote: 'sales', dir, distDir: fakeBuild('B') });
    publish({ remote: 'sales', dir, distDir: fakeBuild('C') });

    rollback({ remote: 'sales', dir, to: a.version });
    expect(readPlatform(dir)?.remotes.sales).toMatchObject({
      version: a.version,
      entry: `http://localhost:3301/remotes/sales/${a.version}/mf-manifest.json`,
    });
    expect(() => rollback({ remote: 'sales', dir, to: '9.9.9-deadbeef' })).toThrow(/no release 9\.9\.9-deadbeef/);
  });

  it('with no earlier release gives a clear error and changes nothing', () => {
    publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const before = snapshot(dir);

    const result = cli('rollback', 'sales');

    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Error: sales has no earlier release to roll back to \(it runs /);
    expect(snapshot(dir)).toEqual(before);
  });

  it('of a remote never released gives a clear error and creates nothing', () => {
    const result = cli('rollback', 'payments');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('payments has no release yet');
    expect(fs.existsSync(path.join(dir, 'platform.json'))).toBe(false);
  });
});

describe('unknown remote', () => {
  it.each([['release'], ['rollback']])('%s gives a clear error, exit 1, and changes nothing', (command) => {
    publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const before = snapshot(dir);

    const result = cli(command, 'invoices');

    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown remote "invoices". Known remotes: masters, sales, payments.');
    expect(snapshot(dir)).toEqual(before);
  });

  it('is an OpsError from the library too', () => {
    expect(() => publish({ remote: 'hr', dir, distDir: fakeBuild('A') })).toThrow(OpsError);
  });
});

describe('status', () => {
  it('lists what runs where', () => {
    const a = publish({ remote: 'sales', dir, distDir: fakeBuild('A') });
    const none = { version: null, entry: null, share: null, since: null, action: null, releases: 0, canary: null };
    expect(status(dir)).toEqual([
      { remote: 'masters', ...none },
      {
        remote: 'sales',
        version: a.version,
        entry: a.entry,
        share: 100,
        since: expect.any(String),
        action: 'release',
        releases: 1,
        canary: null,
      },
      { remote: 'payments', ...none },
    ]);
    const printed = cli('status');
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(`sales     ${a.version}  ${a.entry}  100% of users`);
  });
});

describe('platform.json writes', () => {
  it('are atomic: a reader looping during many releases and rollbacks never reads a broken file', async () => {
    publish({ remote: 'masters', dir, distDir: fakeBuild('M') });
    const reader = await platformReader(work, dir, ['masters']);

    const builds = ['A', 'B'].map(fakeBuild);
    for (let i = 0; i < 300; i++) {
      publish({ remote: 'sales', dir, distDir: builds[i % 2] });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { reads, broken } = await reader.stop();
    expect(reads).toBeGreaterThan(50);
    expect(broken).toBe(0);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 30_000);
});
