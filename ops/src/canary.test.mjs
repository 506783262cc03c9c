import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { REPO_ROOT } from './layout.mjs';
import { promote, publish, rollback, status } from './release.mjs';
import { readHistory, readPlatform } from './store.mjs';
import { cli, fakeBuild, platformReader, scratch, snapshot } from './test-support.mjs';

/** @type {ReturnType<typeof scratch>} */
let s;
beforeEach(() => {
  s = scratch();
});
afterEach(() => s.remove());

/** Masters and payments released, sales at A; returns what must never change and A. */
function platformWithSalesA() {
  publish({ remote: 'masters', dir: s.dir, distDir: fakeBuild(s.work, 'M', { name: 'masters' }) });
  publish({ remote: 'payments', dir: s.dir, distDir: fakeBuild(s.work, 'P', { name: 'payments' }) });
  const a = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
  const platform = readPlatform(s.dir);
  const untouched = () => ({
    host: snapshot(path.join(REPO_ROOT, 'host')),
    entries: [platform?.remotes.masters, platform?.remotes.payments],
    folders: [snapshot(path.join(s.dir, 'masters')), snapshot(path.join(s.dir, 'payments'))],
  });
  const before = untouched();
  const now = () => {
    const after = readPlatform(s.dir);
    return { ...untouched(), entries: [after?.remotes.masters, after?.remotes.payments] };
  };
  return { a, stable: platform?.remotes.sales, before, now };
}

describe('a canary', () => {
  it('goes to a share of the users while the others keep the stable release; platform.json carries both', () => {
    const { a, stable, before, now } = platformWithSalesA();
    const b = publish({
      remote: 'sales',
      dir: s.dir,
      distDir: fakeBuild(s.work, 'B'),
      canary: 10,
      autoRollbackAfter: 5,
    });

    expect(readPlatform(s.dir)?.remotes.sales).toEqual({
      ...stable,
      canary: { version: b.version, entry: b.entry, integrity: expect.any(Object), percent: 10, autoRollbackAfter: 5 },
    });
    expect(readHistory(s.dir).at(-1)).toEqual({
      remote: 'sales',
      version: b.version,
      entry: b.entry,
      at: expect.any(String),
      action: 'release',
      canary: 10,
      autoRollbackAfter: 5,
    });
    expect(status(s.dir)[1]).toMatchObject({
      version: a.version,
      share: 90,
      canary: { version: b.version, share: 10, autoRollbackAfter: 5 },
    });
    const printed = cli(s.dir, ['status']);
    expect(printed.stdout).toContain(`sales     ${a.version}  ${a.entry}  90% of users`);
    expect(printed.stdout).toContain(`canary ${b.version}  ${b.entry}  10% of users`);
    expect(now()).toEqual(before);
  });

  it('is promoted to everyone, and a rollback then returns to the release before it', () => {
    const { a, stable, before, now } = platformWithSalesA();
    const b = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'B'), canary: 50 });

    const promoted = cli(s.dir, ['promote', 'sales']);
    expect(promoted.status).toBe(0);
    expect(promoted.stdout).toContain(`sales ${b.version} promoted: everyone gets it (was ${a.version}).`);
    expect(readPlatform(s.dir)?.remotes.sales).toEqual({
      version: b.version,
      entry: b.entry,
      integrity: expect.any(Object),
    });
    expect(readHistory(s.dir).at(-1)).toMatchObject({ action: 'promote', version: b.version, from: a.version });
    expect(now()).toEqual(before);

    expect(rollback({ remote: 'sales', dir: s.dir })).toMatchObject({ version: a.version, from: b.version });
    expect(readPlatform(s.dir)?.remotes.sales).toEqual(stable);
  });

  it('is dropped by a rollback, which then never returns to it', () => {
    const { a, stable, before, now } = platformWithSalesA();
    const b = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'B'), canary: 50 });

    expect(cli(s.dir, ['rollback', 'sales', '--to', a.version]).stderr).toContain(`sales runs a canary (${b.version})`);
    const dropped = cli(s.dir, ['rollback', 'sales']);
    expect(dropped.status).toBe(0);
    expect(dropped.stdout).toContain(`sales canary ${b.version} dropped: everyone gets ${a.version} again.`);
    expect(readPlatform(s.dir)?.remotes.sales).toEqual(stable);
    expect(readHistory(s.dir).at(-1)).toMatchObject({
      action: 'rollback',
      version: a.version,
      from: b.version,
      canary: 50,
    });
    expect(now()).toEqual(before);

    // B never ran for everyone: the next release's rollback goes to A.
    publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'C') });
    expect(rollback({ remote: 'sales', dir: s.dir }).version).toBe(a.version);
    expect(() => promote({ remote: 'sales', dir: s.dir })).toThrow('sales has no canary to promote.');
  });

  it('ends when a release goes to everyone', () => {
    platformWithSalesA();
    publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'B'), canary: 50 });
    const c = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'C') });
    expect(readPlatform(s.dir)?.remotes.sales).toEqual({
      version: c.version,
      entry: c.entry,
      integrity: expect.any(Object),
    });
  });

  it('needs a stable release of another build, and the options make sense; otherwise nothing changes', () => {
    expect(() => publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A'), canary: 10 })).toThrow(
      'sales has no release yet: release it to everyone before a canary.',
    );
    expect(fs.existsSync(path.join(s.dir, 'platform.json'))).toBe(false);
    const a = publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A') });
    const before = snapshot(s.dir);
    expect(() => publish({ remote: 'sales', dir: s.dir, distDir: fakeBuild(s.work, 'A'), canary: 10 })).toThrow(
      `sales already runs ${a.version} for everyone.`,
    );
    for (const args of [
      ['--canary', '0'],
      ['--canary', '101'],
      ['--canary', 'ten'],
      ['--auto-rollback', '3'],
      ['--canary', '10', '--auto-rollback', '0'],
    ]) {
      const result = cli(s.dir, ['release', 'sales', '--dist', fakeBuild(s.work, 'B'), ...args]);
      expect({ args, status: result.status }).toEqual({ args, status: 1 });
      expect(result.stderr).toMatch(/--canary takes a whole number from 1 to 100|--auto-rollback/);
    }
    expect(snapshot(s.dir)).toEqual(before);
  });
});

describe('platform.json writes', () => {
  it('stay atomic through canaries, promotions and rollbacks: a reader never sees a broken file', async () => {
    platformWithSalesA();
    const reader = await platformReader(s.work, s.dir, ['masters', 'sales']);

    const builds = Object.fromEntries(['A', 'B', 'C'].map((label) => [label, fakeBuild(s.work, label)]));
    let stable = 'A';
    for (let i = 0; i < 100; i++) {
      const next = stable === 'B' ? 'C' : 'B';
      publish({ remote: 'sales', dir: s.dir, distDir: builds[next], canary: 20 });
      if (i % 2) rollback({ remote: 'sales', dir: s.dir });
      else {
        promote({ remote: 'sales', dir: s.dir });
        stable = next;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { reads, broken } = await reader.stop();
    expect(reads).toBeGreaterThan(50);
    expect(broken).toBe(0);
  }, 30_000);
});
