import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from '@rstest/core';
import type { Role } from '@admin/shared/contract';
import { buildApp } from '../app';
import { keyringOf, newAuditKey } from '../audit/keys';
import { useAuditKeys } from '../audit/trail';
import { loadConfig, MIGRATIONS_DIR, type Config } from '../config';
import { connect, openPglite, type DbHandle } from '../db/connect';
import { migrate } from '../db/migrate';
import { runtimeRoleOf, runtimeUrlOf } from '../db/runtime-role';
import { sessions, users } from '../db/schema';
import { AuthService } from '../modules/auth/service';
import { seedDemoData } from '../seed';

/**
 * The audit keys of the tests, as a start reads its own (audit/keys.ts): in use from the moment a
 * test imports the kit (apps built without createTestApp append too), and given again to each app.
 */
export const TEST_AUDIT_KEYS = keyringOf([newAuditKey()]);
useAuditKeys(TEST_AUDIT_KEYS);

/** The key the tests' mail passwords are sealed with (MAIL_KEY in a real start). */
export const TEST_MAIL_KEY = randomBytes(32);

/** Whether the tests run on PostgreSQL (TEST_DATABASE_URL) rather than the embedded PGlite. */
export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * How many writes a contention test makes, or how many cases a property test tries: all of them on
 * PostgreSQL, where transactions really race for locks, a `share` (a quarter unless a test needs
 * more of its cases to meet every kind) on PGlite, which runs every transaction one after another.
 * CI runs the API tests on both (docs/decisions.md, "The embedded pass runs a share of the heavy
 * cases"), so every guarantee is shown at full size on the server where it can break, and the
 * embedded pass shows the same code on PGlite's driver.
 */
export function fullOnPostgres(count: number, share = 1 / 4): number {
  return ON_POSTGRES ? count : Math.max(1, Math.round(count * share));
}

export const TEST_USER = { username: 'tester', name: 'Test User', password: 'correct horse battery staple' };

/** Names the migrations' content and PGlite's version: a new or changed one of either makes a new image. */
function migrationsDigest(): string {
  // The path holds the installed version (…/@electric-sql+pglite@0.5.16/…).
  const hash = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files)
    if (/\.(sql|json)$/.test(file)) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite database as an image, made by the first test file that needs it and
 * kept in the system's temporary folder for the others: starting PGlite from it takes well under
 * a second, where creating a database and migrating it takes about three.
 */
async function migratedImage(): Promise<Blob> {
  // The files of one worker share this module (rstest.config.ts, isolate: false): read it once.
  imageBytes ??= readImage();
  return new Blob([await imageBytes]);
}
let imageBytes: Promise<Buffer> | undefined;

async function readImage(): Promise<Buffer> {
  const file = join(tmpdir(), `admin-api-test-pglite-${migrationsDigest()}.tar`);
  if (!existsSync(file)) {
    const handle = await connect({});
    await migrate(handle);
    const image = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    // Written aside and renamed, so a file running at the same time never reads half an image.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
  }
  return readFileSync(file);
}

/**
 * A migrated, empty PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`), made once per
 * migrations' content on that server by the first test file that needs it, under an advisory lock
 * so two files never build it together: copying takes a fraction of the two to three seconds the
 * migrations take. Templates of older migrations are dropped when a new one is made.
 */
async function migratedTemplate(serverUrl: string, runtimeRole: ReturnType<typeof runtimeRoleOf>): Promise<string> {
  const template = `t_template_${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['admin-api-test-template']);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 't\\_template\\_%' AND datname <> $1",
        [template],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${template}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const owner = await connect({ databaseUrl: url.toString(), poolSize: 1, applicationName: 'admin-system-test' });
      await migrate(owner, runtimeRole);
      await owner.close();
      // Renamed once whole, so a file that died half-way never leaves a template without tables.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['admin-api-test-template']).catch(() => {});
    await admin.end();
  }
  return template;
}

/**
 * Creates the database `name` as a copy of the template. A run with other migrations on the same
 * server (another branch's) drops this run's template when it makes its own: the copy then finds
 * no template, and makes it again.
 */
async function copyTemplate(serverUrl: string, name: string, runtimeRole: ReturnType<typeof runtimeRoleOf>) {
  for (let attempt = 1; ; attempt++) {
    const template = await migratedTemplate(serverUrl, runtimeRole);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 3D000: the template does not exist (any more).
      if (attempt >= 3 || (error as { code?: string }).code !== '3D000') throw error;
    } finally {
      await admin.end();
    }
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory (from the migrated image), or,
 * when TEST_DATABASE_URL is set, a new PostgreSQL database created on that server and dropped by
 * close(). On PostgreSQL the server's user migrates, as the owner does, and the API connects as
 * the runtime role it grants (db/runtime-role.ts), as it does in production.
 */
async function freshDatabase(lanes: Pick<Config, 'reportPoolSize' | 'reportTimeoutMs'>): Promise<{
  handle: DbHandle;
  /** The owner's connection (on PGlite the same one), for what tests do behind the API's back. */
  owner: DbHandle;
  runtimeUrl?: string;
  dispose(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite(undefined, { loadDataDir: await migratedImage() });
    await migrate(handle);
    return { handle, owner: handle, dispose: () => handle.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const runtimeUrl = runtimeUrlOf(url.toString(), undefined);
  await copyTemplate(serverUrl, name, runtimeRoleOf(runtimeUrl));
  const owner = await connect({ databaseUrl: url.toString(), poolSize: 3, applicationName: 'admin-system-test' });
  // As at every start: nothing left to apply, and the runtime role's grants made again.
  await migrate(owner, runtimeRoleOf(runtimeUrl));
  const handle = await connect({ databaseUrl: runtimeUrl, poolSize: 5, ...lanes });
  return {
    handle,
    owner,
    runtimeUrl,
    async dispose() {
      await handle.close();
      await owner.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The database as its owner (on PostgreSQL the server's user) sees it: tests step behind the API with it. */
  db: DbHandle['db'];
  /** The database as the API's own role sees it (on PGlite the same as db). */
  apiDb: DbHandle['db'];
  dbKind: DbHandle['kind'];
  config: Config;
  /** Signs in as TEST_USER and returns the headers of an authenticated request. */
  login(): Promise<{ authorization: string }>;
  /** A signed-in request through app.inject; `payload` is sent as JSON. */
  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Signs in as a new user of `role` and returns the headers of their requests. */
  signInAs(role: Role, username?: string): Promise<{ authorization: string }>;
  /**
   * A second API instance on the same database, as behind a load balancer: on PostgreSQL with its
   * own connection pool; on PGlite (one connection by nature) sharing the first one's.
   */
  anotherInstance(): Promise<Awaited<ReturnType<typeof buildApp>>>;
  /** Moves the clock the API reads (sessions, throttling) forward. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** The API on a fresh, migrated database with one user, driven through app.inject. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const defaults = loadConfig({});
  useAuditKeys(TEST_AUDIT_KEYS);
  const { handle, owner, runtimeUrl, dispose } = await freshDatabase({
    reportPoolSize: overrides.reportPoolSize ?? defaults.reportPoolSize,
    reportTimeoutMs: overrides.reportTimeoutMs ?? defaults.reportTimeoutMs,
  });
  const others: { close(): Promise<void> }[] = [];
  let offsetMs = 0;
  const config: Config = {
    ...defaults,
    seed: false,
    // Each app's own (none yet): the default, in the repository's data folder, is a real server's.
    auditAnchorFile: join(tmpdir(), `admin-api-test-anchors-${randomBytes(6).toString('hex')}`),
    now: () => new Date(Date.now() + offsetMs),
    // The mail password's key, as MAIL_KEY gives it (never the repository's data folder).
    mailKey: TEST_MAIL_KEY,
    ...overrides,
  };
  const auth = new AuthService(handle.db, config);
  await auth.createUser(TEST_USER);
  const app = await buildApp({ db: handle, config });

  async function login(username = TEST_USER.username, password = TEST_USER.password) {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`Test login failed: ${response.statusCode} ${response.body}`);
    return { authorization: `Bearer ${response.json().data.token}` };
  }
  let session: Promise<{ authorization: string }> | undefined;

  return {
    app,
    db: owner.db,
    apiDb: handle.db,
    dbKind: handle.kind,
    config,
    login: () => login(),
    async signInAs(role, username = `${role}-${randomBytes(4).toString('hex')}`) {
      await auth.createUser({ username, name: `A ${role}`, password: TEST_USER.password, role });
      return login(username);
    },
    async anotherInstance() {
      const other = runtimeUrl
        ? await connect({
            databaseUrl: runtimeUrl,
            poolSize: 5,
            reportPoolSize: config.reportPoolSize,
            reportTimeoutMs: config.reportTimeoutMs,
          })
        : handle;
      const instance = await buildApp({ db: other, config });
      others.push({
        close: async () => {
          await instance.close();
          if (other !== handle) await other.close();
        },
      });
      return instance;
    },
    async request(method, url, payload) {
      session ??= login();
      return app.inject({ method, url, headers: await session, ...(payload === undefined ? {} : { payload }) });
    },
    advanceClock(ms) {
      offsetMs += ms;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await dispose();
      rmSync(config.auditAnchorFile, { force: true });
    },
  };
}

/**
 * The API on a fresh database for the tests of the calling file or describe block: made before the
 * first of them and closed after the last. What it returns reads through to that app, so it can be
 * named once at the top of a file and handed to the other set-ups there.
 */
export function setUpApp(overrides: Partial<Config> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(() => current?.close());
  const ready = (): TestApp => {
    if (!current) throw new Error('The test app is made before the tests: use it in a test or a hook');
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get apiDb() {
      return ready().apiDb;
    },
    get dbKind() {
      return ready().dbKind;
    },
    get config() {
      return ready().config;
    },
    login: () => ready().login(),
    request: (method, url, payload) => ready().request(method, url, payload),
    signInAs: (role, username) => ready().signInAs(role, username),
    anotherInstance: () => ready().anotherInstance(),
    advanceClock: (ms) => ready().advanceClock(ms),
    close: () => ready().close(),
  };
}

/** setUpApp on a database holding the demo data. */
export function setUpDemoApp(): TestApp {
  const t = setUpApp();
  beforeAll(async () => {
    await seedDemoData(t.db);
  });
  return t;
}

/** setUpApp on a database without users or sessions, as on a first start. */
export function setUpFirstStart(overrides: Partial<Config> = {}): TestApp {
  const t = setUpApp(overrides);
  beforeAll(async () => {
    await t.db.delete(sessions);
    await t.db.delete(users);
  });
  return t;
}

/**
 * The headers of a session signed in before the tests of the calling file or describe block: the
 * test user's, or a new user's of `role` (named `username` when given).
 */
export function setUpSession(t: TestApp, role?: Role, username?: string): { authorization: string } {
  const headers = { authorization: '' };
  beforeAll(async () => {
    Object.assign(headers, role ? await t.signInAs(role, username) : await t.login());
  });
  return headers;
}
