import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { connect } from './connect';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the PGlite data folder lock', () => {
  it('refuses a second open of the same folder with a clear message, and frees it on close', async () => {
    const first = await connect({ dataDir });
    try {
      await expect(connect({ dataDir })).rejects.toThrow(
        `The database in ${dataDir} is already in use by process ${process.pid}. Stop that process first`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that has died, and keeps the data', async () => {
    const lockPath = join(dataDir, 'pglite.lock');
    const seed = await connect({ dataDir });
    await seed.db.execute('CREATE TABLE IF NOT EXISTS kept (v int)');
    await seed.db.execute('INSERT INTO kept VALUES (7)');
    await seed.close();

    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(lockPath, String(dead));
    const reopened = await connect({ dataDir });
    try {
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      const result = (await reopened.db.execute('SELECT v FROM kept')) as unknown as { rows: { v: number }[] };
      expect(result.rows).toEqual([{ v: 7 }]);
    } finally {
      await reopened.close();
    }
  });
});
