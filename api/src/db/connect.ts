import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireLock } from './lock';
import { readDriverTextTypes } from './driver/pglite-parsers';
import { keepPlansOfPglite } from './driver/kept-plans';
import { keepStaffRows } from './driver/staff-keep';
import { takeTurns } from './driver/pglite-turns';
import { abortReportLane, routeReports, type ReportLane } from './driver/lanes';
import { watchReplica, type ReplicaWatch } from './replica';

import type { Database, DatabaseKind } from './database';

export type { Database, DatabaseKind, Schema, Transaction } from './database';

/** The PostgreSQL pool's state, for the metrics. */
export interface PoolMonitor {
  /** Connections open, idle in the pool, and requests waiting for one. */
  stats(): { total: number; idle: number; waiting: number; max: number };
  /** Calls `listener` with the seconds each request waited for a connection; returns the unsubscribe. */
  onWait(listener: (seconds: number) => void): () => void;
}

export interface DbHandle {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL only: PGlite has one connection and no pool. */
  pool?: PoolMonitor;
  /**
   * PostgreSQL only: cancels what a report request runs once its client has gone (lanes.ts);
   * PGlite runs one statement at a time in this process and cannot cancel one.
   */
  abortReport?: (lane: ReportLane) => Promise<void>;
  /** PostgreSQL with a streaming replica (replicaUrl): how far behind it is, for reports to read there. */
  replica?: Pick<ReplicaWatch, 'lagMs'>;
  /** PGlite only: the client, for a consistent copy of its folder while it runs (backups). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL; when absent, PGlite. */
  databaseUrl?: string;
  poolSize?: number;
  /**
   * PostgreSQL: connections of the report pool (reads made for GET requests, lanes.ts), and how
   * long one of its statements may run, and a report may wait for one of its connections, in ms.
   * Without reportPoolSize there is one pool and no timeout (tools, migrations).
   */
  reportPoolSize?: number;
  reportTimeoutMs?: number;
  /**
   * PostgreSQL: a streaming replica of databaseUrl's server, as the same role: report requests
   * may read there (a report pool of the same size and timeout), http/read-source.ts decides.
   */
  replicaUrl?: string;
  /** PGlite's folder; absent means an in-memory database (tests). */
  dataDir?: string;
  /** PostgreSQL: the name the connections give the server; the API's by default. */
  applicationName?: string;
}

/**
 * The name each API connection gives PostgreSQL (pg_stat_activity.application_name): a restore
 * counts the sessions holding it to refuse replacing a database that instances still use.
 */
export const APPLICATION_NAME = 'admin-system-api';

export const PGLITE_FOLDER = 'pglite';
export const LOCK_FILE = 'pglite.lock';

/**
 * Runs `action` with the process umask at 077, so whatever it creates is the owner's alone.
 * Worker threads cannot change the umask; there the files are fixed afterwards by restrictTree.
 */
export async function withPrivateUmask<T>(action: () => Promise<T>): Promise<T> {
  let previous: number | undefined;
  try {
    previous = process.umask(0o077);
  } catch {
    // ERR_WORKER_UNSUPPORTED_OPERATION: leave it.
  }
  try {
    return await action();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

/** Folders 0700 and files 0600 from `path` down (symbolic links are left alone). */
export function restrictTree(path: string): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) restrictTree(join(path, entry));
  } else if ((stat.mode & 0o777) !== 0o600) {
    chmodSync(path, 0o600);
  }
}

/** Creates `dir` if needed and makes it the owner's alone (0700); what is inside is left as it is. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Measures how long each request waits for a pool connection: node-postgres's pool.query and the
 * transactions drizzle opens both go through pool.connect.
 */
function monitorPool(pool: pg.Pool, max: number): PoolMonitor {
  const listeners = new Set<(seconds: number) => void>();
  const original = pool.connect.bind(pool) as (
    callback?: (...args: unknown[]) => void,
  ) => Promise<pg.PoolClient> | void;
  const report = (startedAt: bigint) => {
    if (!listeners.size) return;
    const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    for (const listener of listeners) listener(seconds);
  };
  const connect = (callback?: (...args: unknown[]) => void) => {
    const startedAt = process.hrtime.bigint();
    if (callback) {
      return original((...args: unknown[]) => {
        report(startedAt);
        callback(...args);
      });
    }
    return (original() as Promise<pg.PoolClient>).then((client) => {
      report(startedAt);
      return client;
    });
  };
  Object.assign(pool, { connect });
  return {
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    onWait(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export async function connect(options: ConnectOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      application_name: options.applicationName ?? APPLICATION_NAME,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const monitor = monitorPool(pool, max);
    if (!options.reportPoolSize) {
      const db = drizzlePg(pool, { schema }) as unknown as Database;
      return { db, kind: 'postgres', pool: monitor, close: () => pool.end() };
    }
    const timeout = options.reportTimeoutMs ?? 5_000;
    const reportPool = (connectionString: string) => {
      const reports = new pg.Pool({
        connectionString,
        max: options.reportPoolSize,
        application_name: options.applicationName ?? APPLICATION_NAME,
        // The server stops a report's statement past the timeout; a report waits that long at most for a connection.
        statement_timeout: timeout,
        connectionTimeoutMillis: timeout,
      });
      reports.on('error', () => {});
      return reports;
    };
    const reports = reportPool(options.databaseUrl);
    const replicaReports = options.replicaUrl ? reportPool(options.replicaUrl) : undefined;
    const replica = options.replicaUrl
      ? watchReplica({
          primary: pool,
          url: options.replicaUrl,
          applicationName: options.applicationName ?? APPLICATION_NAME,
        })
      : undefined;
    routeReports(pool, reports, replicaReports);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      pool: monitor,
      abortReport: (lane) => abortReportLane(lane, pool, replica?.control),
      replica,
      close: async () => {
        await replica?.stop();
        await Promise.all([pool.end(), reports.end(), replicaReports?.end()]);
      },
    };
  }

  const { dataDir } = options;
  let release = () => {};
  let location: string | undefined;
  if (dataDir) {
    // The folder holds the whole business's data and the first admin's password: owner only.
    privateFolder(dataDir);
    release = acquireLock(join(dataDir, LOCK_FILE), dataDir);
    location = join(dataDir, PGLITE_FOLDER);
  }
  try {
    const handle = await openPglite(location);
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite in `location` (a folder, created if needed; in memory when absent), without the folder
 * lock: connect() takes it, and a restore builds a new folder beside the locked one with this.
 * `loadDataDir` starts a new folder from a backup image (dumpDataDir).
 */
export async function openPglite(
  location: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DbHandle> {
  const client = await withPrivateUmask(() =>
    PGlite.create(location, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir }),
  );
  try {
    // PGlite writes a new database from a tar image and chmods its files 0666; databases made
    // before this fix have them too. Fix what exists at every open.
    if (location) restrictTree(location);
    // Its planner otherwise prefers a sequential scan over the trigram index for common terms.
    await client.exec('SET random_page_cost = 1.1');
    readDriverTextTypes(client);
    keepPlansOfPglite(client);
    takeTurns(client);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await keepStaffRows(client, db);
    return {
      db,
      kind: 'pglite',
      pglite: client,
      async close() {
        if (location) await client.exec('CHECKPOINT');
        await client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}
