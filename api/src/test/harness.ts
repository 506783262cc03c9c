import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { connect, type DbHandle } from '../db/connect';
import { migrate } from '../db/migrate';
import { AuthService } from '../modules/auth/service';

export const TEST_USER = { username: 'tester', name: 'Test User', password: 'correct horse battery staple' };

/**
 * A fresh database for one test file: PGlite in memory, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database created on that server and dropped by close().
 */
async function freshDatabase(): Promise<{ handle: DbHandle; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await connect({});
    return { handle, dispose: () => handle.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await connect({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    handle,
    async dispose() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: DbHandle['db'];
  dbKind: DbHandle['kind'];
  config: Config;
  /** Signs in as TEST_USER and returns the headers of an authenticated request. */
  login(): Promise<{ authorization: string }>;
  /** A signed-in request through app.inject; `payload` is sent as JSON. */
  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Moves the clock the API reads (sessions, throttling) forward. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** The API on a fresh, migrated database with one user, driven through app.inject. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { handle, dispose } = await freshDatabase();
  let offsetMs = 0;
  const config: Config = {
    ...loadConfig({}),
    seed: false,
    now: () => new Date(Date.now() + offsetMs),
    ...overrides,
  };
  await migrate(handle);
  await new AuthService(handle.db, config).createUser(TEST_USER);
  const app = await buildApp({ db: handle, config });

  async function login() {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_USER.username, password: TEST_USER.password },
    });
    if (response.statusCode !== 200) throw new Error(`Test login failed: ${response.statusCode} ${response.body}`);
    return { authorization: `Bearer ${response.json().token}` };
  }
  let session: Promise<{ authorization: string }> | undefined;

  return {
    app,
    db: handle.db,
    dbKind: handle.kind,
    config,
    login,
    async request(method, url, payload) {
      session ??= login();
      return app.inject({ method, url, headers: await session, ...(payload === undefined ? {} : { payload }) });
    },
    advanceClock(ms) {
      offsetMs += ms;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
