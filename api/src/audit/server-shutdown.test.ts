import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from '@rstest/core';
import { API_DIR } from '../config';
import { connect } from '../db/connect';
import { chainHead } from './anchors';
import { AUDIT_KEY_FILE } from './keys';

/**
 * The server itself (src/main.ts in a process of its own): its first start creates the audit key
 * file, and a SIGTERM leaves the chain's last head in the anchor file, which `pnpm audit:verify`
 * then holds the trail to. On PostgreSQL it also migrates as the owner and serves as the runtime role.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'admin-audit-server-'));
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `s_${randomBytes(6).toString('hex')}`;
const databaseUrl = serverUrl && Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

const ADMIN_PASSWORD = 'a long enough admin password 1';

/** The server's settings; the tools read the same. */
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  PORT: '0',
  HOST: '127.0.0.1',
  SEED: 'false',
  ADMIN_PASSWORD,
  HOST_DIST: join(dataDir, 'no-host'),
  RELEASES_DIR: join(dataDir, 'releases'),
  LOG_LEVEL: 'warn',
};

/** `pnpm audit:verify` on the server's database, keys and anchor file. */
function verifyCli() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/audit/verify-cli.ts'], { cwd: API_DIR, env });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Starts the server and resolves with its port once it says it runs. */
function startServer() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const running = /running at http:\/\/[^:/]+:(\d+)/.exec(output);
      if (running) resolve(Number(running[1]));
    });
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`The server stopped (${code}) before it ran:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  return { server, port, exited, output: () => output };
}

describe('the server', () => {
  it('creates its audit key file 0600, writes the chain’s head to the anchor file when stopped, and pnpm audit:verify holds the trail to it', async () => {
    if (databaseUrl) await onServer(`CREATE DATABASE ${databaseName}`);
    const { server, port, exited, output } = startServer();
    const signIn = await fetch(`http://127.0.0.1:${await port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(statSync(join(dataDir, AUDIT_KEY_FILE)).mode & 0o777).toBe(0o600);
    if (databaseUrl) expect(output()).toContain('as admin_system_api');

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const anchors = readFileSync(join(dataDir, 'audit-anchors'), 'utf8').trim().split('\n');
    const last = JSON.parse(anchors.at(-1)!);

    const handle = await connect(databaseUrl ? { databaseUrl, poolSize: 1 } : { dataDir });
    try {
      // The sign-in's entry came after the anchor written at start: the one at stop holds it.
      expect(last).toMatchObject({ ...(await chainHead(handle.db)) });
      expect(anchors.length).toBe(2);
    } finally {
      await handle.close();
    }
    expect(verifyCli()).toEqual({
      code: 0,
      output: expect.stringContaining(`Compared with the last anchor, entry ${last.seq} at ${last.at}`),
    });

    // The newest entry deleted by whoever can step around the trail's triggers.
    const owner = await connect(databaseUrl ? { databaseUrl, poolSize: 1 } : { dataDir });
    try {
      await owner.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
      await owner.db.execute(sql`delete from audit_log where seq = ${last.seq}`);
      await owner.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
    } finally {
      await owner.close();
    }
    expect(verifyCli()).toEqual({
      code: 1,
      output: expect.stringMatching(new RegExp(`BROKEN at entry ${last.seq} .*the newest entries were deleted`)),
    });
    // A first start on PGlite creates and migrates its database: seconds, more on a busy machine.
  }, 120_000);
});
