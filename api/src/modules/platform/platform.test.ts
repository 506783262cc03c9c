import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { PlatformConfig } from '@admin/shared/contract';
import { listReleases } from 'ops/platform-api';
import { contentSecurityPolicy } from '../../static';
import { setUpApp } from '../../test';

const work = mkdtempSync(join(tmpdir(), 'api-platform-'));
const dir = join(work, 'releases');

const release = (remote: string, version: string, origin = '') => ({
  version,
  entry: `${origin}/remotes/${remote}/${version}/mf-manifest.json`,
});
const masters = release('masters', '1.0.0-m');
const payments = release('payments', '1.0.0-p');
const stable = release('sales', '1.0.0-a');
const canary = { ...release('sales', '1.0.0-b', 'https://cdn.example.com'), percent: 50, autoRollbackAfter: 2 };
const mastersSummary = {
  pages: [
    { path: '/customers', label: { en: 'Customers', ar: 'العملاء' }, permission: 'customers.read', menu: { order: 1 } },
    { path: '/banks', label: { en: 'Banks', ar: 'البنوك' }, menu: { group: 'lookups', order: 5 } },
  ],
  groups: [{ id: 'lookups', label: { en: 'Lookups', ar: 'القوائم' }, order: 3 }],
};
const mastersIntegrity = {
  'mf-manifest.json': `sha384-${'A'.repeat(64)}`,
  'remoteEntry.js': `sha384-${'B'.repeat(64)}`,
};

/** A release folder where sales runs a canary that is dropped after two failures. */
function writeReleaseFolder() {
  rmSync(dir, { recursive: true, force: true });
  for (const { remote, version } of [
    { remote: 'masters', version: masters.version },
    { remote: 'payments', version: payments.version },
    { remote: 'sales', version: stable.version },
    { remote: 'sales', version: canary.version },
  ]) {
    mkdirSync(join(dir, remote, version), { recursive: true });
    writeFileSync(join(dir, remote, version, 'mf-manifest.json'), '{}');
  }
  // The masters release says what it serves and carries its files' digests, as a published one does.
  writeFileSync(join(dir, 'masters', masters.version, 'area-summary.json'), JSON.stringify(mastersSummary));
  writeFileSync(
    join(dir, 'masters', masters.version, 'integrity.json'),
    JSON.stringify({ ...mastersIntegrity, 'index.html': mastersIntegrity['remoteEntry.js'] }),
  );
  writeFileSync(
    join(dir, 'platform.json'),
    JSON.stringify({ apiBaseUrl: '/api', remotes: { masters, sales: { ...stable, canary }, payments } }),
  );
  const at = '2026-05-01T08:00:00.000Z';
  writeFileSync(
    join(dir, 'history.json'),
    JSON.stringify([
      { remote: 'masters', ...masters, at, action: 'release' },
      { remote: 'sales', ...stable, at, action: 'release' },
      {
        remote: 'sales',
        version: canary.version,
        entry: canary.entry,
        at,
        action: 'release',
        canary: 50,
        autoRollbackAfter: 2,
      },
    ]),
  );
}

const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

const t = setUpApp({ releasesDir: dir });
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(writeReleaseFolder);

describe('POST /api/platform/reports', () => {
  it('takes a failure from any signed-in user and counts it per release', async () => {
    const viewer = await t.signInAs('viewer');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/platform/reports',
      headers: viewer,
      payload: {
        area: 'sales',
        version: stable.version,
        kind: 'render',
        message: 'Cannot read properties of undefined',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { failures: 1, rolledBack: false } });

    const reports = await t.app.inject({ method: 'GET', url: '/api/platform/reports', headers: viewer });
    expect(reports.json().data).toEqual({
      sales: {
        [stable.version]: {
          load: 0,
          render: 1,
          last: { kind: 'render', message: 'Cannot read properties of undefined', at: expect.any(String) },
        },
      },
    });
  });

  it('refuses a release that was never published, a bad body and a visitor', async () => {
    const sales = await t.signInAs('sales');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/platform/reports',
      headers: sales,
      payload: { area: 'sales', version: '9.9.9-deadbeef', kind: 'load' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/platform/reports',
      headers: sales,
      payload: { area: 'hr', version: stable.version, kind: 'crash' },
    });
    expect(bad.statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/platform/reports',
      payload: { area: 'sales', version: stable.version, kind: 'load' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(() => readJson('reports.json')).toThrow();
  });

  it('drops a canary once its failures reach the limit, and records why in the history', async () => {
    const sales = await t.signInAs('sales');
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/platform/reports',
        headers: sales,
        payload: { area: 'sales', version: canary.version, kind: 'load' },
      });

    expect((await report()).json().data).toEqual({ failures: 1, rolledBack: false });
    expect(readJson('platform.json').remotes.sales.canary).toEqual(canary);
    expect((await report()).json().data).toEqual({ failures: 2, rolledBack: true });

    const platform = readJson('platform.json') as PlatformConfig;
    expect(platform.remotes.sales).toEqual(stable);
    expect(platform.remotes.masters).toEqual(masters);
    expect(readJson('history.json').at(-1)).toEqual({
      remote: 'sales',
      ...stable,
      at: expect.any(String),
      action: 'rollback',
      from: canary.version,
      canary: 50,
      reason: '2 failures reported',
    });
  });
});

describe('GET /api/platform/releases', () => {
  it('lists every published release for the admin only', async () => {
    const admin = await t.signInAs('admin');
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/releases', headers: admin });
    expect(response.statusCode).toBe(200);
    // Every field of every release, its pages and digests among them, as the release folder has it.
    expect(response.json().data).toEqual(JSON.parse(JSON.stringify(listReleases(dir))));
    expect(response.json().data).toEqual({
      masters: [{ ...masters, integrity: mastersIntegrity, summary: mastersSummary, at: expect.any(String) }],
      sales: [
        { ...stable, at: expect.any(String) },
        { version: canary.version, entry: canary.entry, at: expect.any(String) },
      ],
      payments: [],
    });
    const sales = await t.signInAs('sales');
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/releases', headers: sales })).statusCode).toBe(403);
  });
});

describe('the page policy', () => {
  it('allows the scripts of a canary on another origin', () => {
    expect(contentSecurityPolicy(readJson('platform.json'))).toContain("script-src 'self' https://cdn.example.com;");
  });
});
