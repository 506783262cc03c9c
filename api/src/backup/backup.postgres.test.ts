import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { verifyChain } from '../audit/trail';
import { loadConfig, type Config } from '../config';
import { connect } from '../db/connect';
import { backup, detectFormat, restore } from './backup';
import {
  expectNumberingContinues,
  NO_BREAKS,
  populate,
  snapshot,
  tempRoot,
  type Snapshot,
} from './round-trip.fixtures';
import { toolVersion } from './postgres';

// Runs in the PostgreSQL pass only (api/rstest.config.ts); backup.pglite.test.ts is its embedded twin.
const root = tempRoot();

describe('PostgreSQL: pg_dump and the logical dump, restored into empty and replaced databases', () => {
  const server = process.env.TEST_DATABASE_URL!;
  const made: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function newDatabase(): Promise<string> {
    const name = `b_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    made.push(name);
    return urlOf(name);
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  let source: string;
  let before: Snapshot;
  let pgDumpFile: string | undefined;
  let logicalFile: string;
  let busyFile: string;

  beforeAll(async () => {
    source = await newDatabase();
    const config: Config = { ...loadConfig({}), databaseUrl: source, seed: false };
    const handle = await connect({ databaseUrl: source, poolSize: 5 });
    const { app, advance } = await populate(handle, config);
    try {
      before = await snapshot(handle.db);
      expect(before.invariantsBroken).toEqual(NO_BREAKS);
      if (toolVersion('pg_dump')) {
        const taken = await backup(config, { file: join(root, 'db.pgdump') });
        expect(taken.format).toBe('pgdump');
        pgDumpFile = taken.file;
      }
      logicalFile = (await backup(config, { file: join(root, 'db.jsonl.gz'), logical: true })).file;
      const writes = Promise.all(Array.from({ length: 20 }, (_, i) => advance(100 + i)));
      const [answers, taken] = await Promise.all([
        writes,
        backup(config, { file: join(root, 'busy.jsonl.gz'), logical: true }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
      busyFile = taken.file;
    } finally {
      await app.close();
      await handle.close();
    }
  }, 180_000);

  async function expectSame(url: string, expected: Snapshot) {
    const handle = await connect({ databaseUrl: url, poolSize: 2 });
    try {
      const now = await snapshot(handle.db);
      expect(now).toEqual(expected);
      expect((await verifyChain(handle.db)).ok).toBe(true);
      await expectNumberingContinues(handle, { ...loadConfig({}), databaseUrl: url, seed: false }, expected);
    } finally {
      await handle.close();
    }
  }

  it('pg_dump -Fc restores with pg_restore into an empty database: same rows, sums, invariants; numbering continues', async () => {
    if (!pgDumpFile) return; // pg_dump is not installed here: the logical test below covers the fallback.
    expect(await detectFormat(pgDumpFile)).toBe('pgdump');
    const target = await newDatabase();
    const restored = await restore({ ...loadConfig({}), databaseUrl: target }, pgDumpFile);
    expect(restored.format).toBe('pgdump');
    await expectSame(target, before);
  }, 120_000);

  it('the logical dump (no pg_dump) restores the same, and --replace replaces a database that has data', async () => {
    const target = await newDatabase();
    await restore({ ...loadConfig({}), databaseUrl: target }, logicalFile);
    await expectSame(target, before);
    // Now it has data (and one more invoice and payment): refused without --replace, the same as the backup with it.
    await expect(restore({ ...loadConfig({}), databaseUrl: target }, logicalFile)).rejects.toThrow(
      'The database already has tables',
    );
    await restore({ ...loadConfig({}), databaseUrl: target }, pgDumpFile ?? logicalFile, { replace: true });
    await expectSame(target, before);
  }, 120_000);

  it('a logical dump taken during money writes is one consistent moment', async () => {
    const target = await newDatabase();
    await restore({ ...loadConfig({}), databaseUrl: target }, busyFile);
    const handle = await connect({ databaseUrl: target, poolSize: 2 });
    try {
      expect((await snapshot(handle.db)).invariantsBroken).toEqual(NO_BREAKS);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses while API instances are connected to the target, and a PGlite image', async () => {
    const target = await newDatabase();
    const instance = await connect({ databaseUrl: target, poolSize: 1 });
    try {
      await instance.db.execute(sql`select 1`);
      await expect(restore({ ...loadConfig({}), databaseUrl: target }, logicalFile)).rejects.toThrow(
        'API connection(s) are open on this database',
      );
    } finally {
      await instance.close();
    }
    const image = join(root, 'fake.pglite.tar.gz');
    const header = Buffer.alloc(512);
    header.write('PG_VERSION', 0);
    header.write('ustar', 257);
    writeFileSync(image, gzipSync(header));
    await expect(restore({ ...loadConfig({}), databaseUrl: target }, image)).rejects.toThrow(
      'This is an image of a PGlite folder',
    );
  }, 60_000);
});
