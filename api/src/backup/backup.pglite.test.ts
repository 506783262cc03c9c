import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { verifyChain } from '../audit/trail';
import { loadConfig, type Config } from '../config';
import { connect } from '../db/connect';
import { backup, detectFormat, restore } from './backup';
import { RestoreError } from './logical';
import {
  expectNumberingContinues,
  NO_BREAKS,
  populate,
  quiet,
  snapshot,
  tempRoot,
  type Snapshot,
} from './round-trip.fixtures';
import { startBackupSocket } from './server';

// Runs in the embedded-database pass only (api/rstest.config.ts); backup.postgres.test.ts is its PostgreSQL twin.
const root = tempRoot();

describe('PGlite: pnpm backup while the server runs, pnpm restore after it stops', () => {
  const dataDir = join(root, 'pglite');
  const config: Config = { ...loadConfig({}), dataDir, seed: false };
  let before: Snapshot;
  let afterWrites: Snapshot;
  let imageFile: string;
  let logicalFile: string;

  beforeAll(async () => {
    // The "server": the folder opened and locked, the API on it, the backup socket listening.
    const handle = await connect({ dataDir });
    const socket = await startBackupSocket({ pglite: handle.pglite!, db: handle.db, dataDir, log: quiet });
    const { app, advance } = await populate(handle, config);
    try {
      before = await snapshot(handle.db);
      expect(before.invariantsBroken).toEqual(NO_BREAKS);
      expect(Number(before.sequences.invoices)).toBeGreaterThan(0);
      expect(Number(before.sequences.payments)).toBeGreaterThan(0);

      imageFile = (await backup(config, { file: join(root, 'quiet.pglite.tar.gz') })).file;
      // A logical backup taken while money keeps moving.
      const writes = Promise.all(Array.from({ length: 20 }, (_, i) => advance(100 + i)));
      const taking = backup(config, { file: join(root, 'busy.jsonl.gz'), logical: true });
      const [answers, taken] = await Promise.all([writes, taking]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
      logicalFile = taken.file;
      afterWrites = await snapshot(handle.db);
    } finally {
      await app.close();
      await socket.close();
      await handle.close();
    }
  }, 180_000);

  it('writes whole, owner-only files of the right kind, with no leftovers', async () => {
    for (const file of [imageFile, logicalFile]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await detectFormat(imageFile)).toBe('pglite-image');
    expect(await detectFormat(logicalFile)).toBe('logical');
    expect(readdirSync(root).filter((name) => name.includes('.partial'))).toEqual([]);
    expect(existsSync(join(dataDir, 'backup.sock'))).toBe(false);
  });

  it('an image taken from the running server restores to the same database, and numbering continues', async () => {
    const target = join(root, 'restored-image');
    const restored = await restore({ ...config, dataDir: target }, imageFile);
    expect(restored.format).toBe('pglite-image');
    const handle = await connect({ dataDir: target });
    try {
      expect(await snapshot(handle.db)).toEqual(before);
      expect((await verifyChain(handle.db)).ok).toBe(true);
      await expectNumberingContinues(handle, { ...config, dataDir: target }, before);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('a logical dump taken during money writes restores one consistent moment, over the old folder with --replace', async () => {
    await expect(restore(config, logicalFile)).rejects.toThrow('already holds a database. Add --replace');
    const restored = await restore(config, logicalFile, { replace: true });
    expect(restored.keptAside).toMatch(/pglite\.before-restore-/);
    expect(existsSync(restored.keptAside!)).toBe(true);
    const handle = await connect({ dataDir });
    try {
      const now = await snapshot(handle.db);
      expect(now.invariantsBroken).toEqual(NO_BREAKS);
      // A table's print is 'rows:hash'; a missing table counts NaN, which every comparison below refuses.
      const payments = (s: Snapshot) => parseInt(s.tables.payments ?? '', 10);
      expect(payments(now)).toBeGreaterThanOrEqual(payments(before));
      expect(payments(now)).toBeLessThanOrEqual(payments(afterWrites));
      expect((await verifyChain(handle.db)).ok).toBe(true);
      await expectNumberingContinues(handle, config, now);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses while the server holds the folder, and refuses damaged or foreign files, changing nothing', async () => {
    const handle = await connect({ dataDir });
    try {
      const held = await snapshot(handle.db);
      await expect(restore(config, imageFile, { replace: true })).rejects.toThrow('Stop the server first');
      expect(await snapshot(handle.db)).toEqual(held);
    } finally {
      await handle.close();
    }
    const cut = join(root, 'cut.jsonl.gz');
    const text = gunzipSync(readFileSync(logicalFile)).toString('utf8');
    writeFileSync(cut, gzipSync(text.slice(0, Math.floor(text.length * 0.6))));
    await expect(restore({ ...config, dataDir: join(root, 'from-cut') }, cut)).rejects.toThrow(RestoreError);
    expect(existsSync(join(root, 'from-cut', 'pglite'))).toBe(false);
    const foreign = join(root, 'notes.txt');
    writeFileSync(foreign, 'not a backup');
    await expect(restore({ ...config, dataDir: join(root, 'from-foreign') }, foreign)).rejects.toThrow(
      'is not a backup of this application',
    );
  }, 120_000);
});
