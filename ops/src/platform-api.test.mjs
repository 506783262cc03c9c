import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { listReleases, readReports, recordReport } from './platform-api.mjs';
import { publish } from './release.mjs';
import { readHistory, readPlatform } from './store.mjs';
import { cli, fakeBuild, scratch, snapshot } from './test-support.mjs';

/** @type {ReturnType<typeof scratch>} */
let s;
beforeEach(() => {
  s = scratch();
});
afterEach(() => s.remove());

describe('reported failures', () => {
  it('drop a canary by themselves once they reach its limit, recorded in the history', () => {
    publish({ remote: 'masters', dir: s.dir, distDir: fakeBuild(s.work, 'M', { name: 'masters' }) });
    const a = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
    const { masters, sales: stable } = /** @type {import('./store.mjs').PlatformConfig} */ (readPlatform(s.dir))
      .remotes;
    const b = publish({
      remote: 'sales',
      dir: s.dir,
      distDir: fakeBuild(s.work, 'B'),
      canary: 25,
      autoRollbackAfter: 3,
    });
    const report = (version = b.version, /** @type {'load' | 'render'} */ kind = 'load') =>
      recordReport({ dir: s.dir, area: 'sales', version, kind, message: 'Failed to load script' });

    // Failures of the stable release are counted but never drop anything.
    for (let i = 0; i < 4; i++) report(a.version, 'render');
    expect(report()).toEqual({ failures: 1, rolledBack: false });
    expect(report(b.version, 'render')).toEqual({ failures: 2, rolledBack: false });
    expect(readPlatform(s.dir)?.remotes.sales?.canary?.version).toBe(b.version);
    expect(cli(s.dir, ['status']).stdout).toContain(`canary ${b.version}`);

    expect(report()).toEqual({ failures: 3, rolledBack: true });
    expect(readPlatform(s.dir)?.remotes).toEqual({ masters, sales: stable });
    expect(readHistory(s.dir).at(-1)).toEqual({
      remote: 'sales',
      version: a.version,
      entry: a.entry,
      at: expect.any(String),
      action: 'rollback',
      from: b.version,
      canary: 25,
      reason: '3 failures reported',
    });
    expect(readReports(s.dir).sales).toEqual({
      [a.version]: {
        load: 0,
        render: 4,
        last: { kind: 'render', message: 'Failed to load script', at: expect.any(String) },
      },
      [b.version]: {
        load: 2,
        render: 1,
        last: { kind: 'load', message: 'Failed to load script', at: expect.any(String) },
      },
    });
    const printed = cli(s.dir, ['status']).stdout;
    expect(printed).toContain(`sales     ${a.version}  ${a.entry}  100% of users`);
    expect(printed).toContain('4 failures reported');

    // Later reports of the dropped canary change nothing more.
    expect(report()).toEqual({ failures: 4, rolledBack: false });
    expect(readPlatform(s.dir)?.remotes.sales).toEqual(stable);
  });

  it('of a release never published are refused and write nothing', () => {
    publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
    const before = snapshot(s.dir);
    expect(recordReport({ dir: s.dir, area: 'sales', version: '9.9.9-deadbeef', kind: 'load' })).toBeNull();
    expect(recordReport({ dir: s.dir, area: '../sales', version: 'x', kind: 'load' })).toBeNull();
    expect(snapshot(s.dir)).toEqual(before);
  });
});

describe('listReleases', () => {
  it('lists each area’s releases still in the folder, oldest first, with their digests', () => {
    const a = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
    const b = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'B'), canary: 10 });
    publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
    const gone = publish({ remote: 'payments', dir: s.dir, distDir: fakeBuild(s.work, 'P', { name: 'payments' }) });
    fs.rmSync(path.join(s.dir, 'payments', gone.version), { recursive: true });

    const digests = {
      'mf-manifest.json': expect.stringMatching(/^sha384-/),
      'remoteEntry.js': expect.stringMatching(/^sha384-/),
      'static/js/async/page.js': expect.stringMatching(/^sha384-/),
    };
    expect(listReleases(s.dir)).toEqual({
      masters: [],
      sales: [
        { version: a.version, entry: a.entry, integrity: digests, at: expect.any(String) },
        { version: b.version, entry: b.entry, integrity: digests, at: expect.any(String) },
      ],
      payments: [],
    });
  });
});
