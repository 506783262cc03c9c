import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import {
  connect,
  LOCK_FILE,
  openPglite,
  PGLITE_FOLDER,
  privateFolder,
  restrictTree,
  type DbHandle,
} from '../db/connect';
import { acquireLock, DataDirLockedError } from '../db/lock';
import { migrate } from '../db/migrate';
import { onlyRow, rowsOf } from '../db/rows';
import { dumpLogical, readLogicalHeader, RestoreError, restoreLogical } from './logical';
import {
  dropApplicationSchemas,
  openApiConnections,
  pgDump,
  pgRestore,
  tableCount,
  toolVersion,
  TOOL_APPLICATION_NAME,
  withClient,
} from './postgres';
import { NoBackupSocketError, requestBackup, writeBackup, type BackupFormat } from './server';

/**
 * `pnpm backup` and `pnpm restore`, for both databases. Which format each takes and why:
 * docs/decisions.md, "Backup and restore"; how to run and schedule them: docs/operations.md.
 *
 * | database   | backup                                                | file            |
 * | PostgreSQL | pg_dump --format=custom when pg_dump is on PATH       | .pgdump         |
 * | PostgreSQL | otherwise (or --logical) the logical dump (logical.ts)| .jsonl.gz       |
 * | PGlite     | an image of the folder (dumpDataDir), from the running | .pglite.tar.gz  |
 * |            | server through its socket, or opened here when stopped |                 |
 * | PGlite     | --logical: the logical dump                            | .jsonl.gz       |
 *
 * A backup is written beside its name and renamed into place when complete, so a file with the
 * final name is always whole; it is readable by its owner only.
 */

export type FileFormat = 'pgdump' | 'pglite-image' | 'logical';

const EXTENSIONS: Record<FileFormat, string> = {
  pgdump: '.pgdump',
  'pglite-image': '.pglite.tar.gz',
  logical: '.jsonl.gz',
};

export interface BackupResult {
  file: string;
  format: FileFormat;
  bytes: number;
  /** How it was taken, for the operator: 'pg_dump 15.2', 'from the running server (pid 123)'… */
  how: string;
}

function stamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * Without a file name: DATA_DIR/backups/admin-system-<UTC time>.<ext>. The folder is private
 * (inside the 0700 data folder) and outside git; it is on the same disk as the database, so a
 * schedule copies the files elsewhere (docs/operations.md).
 */
export function defaultBackupFile(config: Pick<Config, 'dataDir'>, format: FileFormat, now = new Date()): string {
  return join(config.dataDir, 'backups', `admin-system-${stamp(now)}${EXTENSIONS[format]}`);
}

/** Writes `file` through `produce(temporaryPath)`, then renames it into place; owner-only. */
async function writeWhole(file: string, produce: (temporary: string) => Promise<void>): Promise<number> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  closeSync(openSync(temporary, 'wx', 0o600));
  try {
    await produce(temporary);
    const { size } = statSync(temporary);
    if (!size) throw new Error('The backup came out empty');
    renameSync(temporary, file);
    return size;
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

const toFile = (temporary: string) => createWriteStream(temporary, { flags: 'w', mode: 0o600 });

export async function backup(
  config: Config,
  options: { file?: string; logical?: boolean } = {},
): Promise<BackupResult> {
  if (config.databaseUrl) {
    const databaseUrl = config.databaseUrl;
    const pgDumpVersion = options.logical ? undefined : toolVersion('pg_dump');
    if (pgDumpVersion) {
      const file = options.file ? resolve(options.file) : defaultBackupFile(config, 'pgdump');
      const bytes = await writeWhole(file, (temporary) => pgDump(databaseUrl, temporary));
      return { file, format: 'pgdump', bytes, how: pgDumpVersion };
    }
    const file = options.file ? resolve(options.file) : defaultBackupFile(config, 'logical');
    const handle = await connect({ databaseUrl, poolSize: 1, applicationName: TOOL_APPLICATION_NAME });
    try {
      const bytes = await writeWhole(file, (temporary) =>
        dumpLogical(handle.db, 'postgres', toFile(temporary)).then(() => {}),
      );
      return {
        file,
        format: 'logical',
        bytes,
        how: options.logical ? 'logical dump (--logical)' : 'logical dump (pg_dump is not on PATH)',
      };
    } finally {
      await handle.close();
    }
  }

  const format: BackupFormat = options.logical ? 'logical' : 'image';
  const fileFormat: FileFormat = options.logical ? 'logical' : 'pglite-image';
  const file = options.file ? resolve(options.file) : defaultBackupFile(config, fileFormat);
  if (!existsSync(join(config.dataDir, PGLITE_FOLDER)))
    throw new RestoreError(`No database in ${config.dataDir}: nothing to back up. Set DATA_DIR or DATABASE_URL.`);
  let handle: DbHandle | undefined;
  try {
    handle = await connect({ dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  if (handle) {
    const opened = handle;
    try {
      const bytes = await writeWhole(file, (temporary) =>
        writeBackup(format, { pglite: opened.pglite!, db: opened.db }, toFile(temporary)),
      );
      return { file, format: fileFormat, bytes, how: 'the server was not running: opened the folder directly' };
    } finally {
      await opened.close();
    }
  }
  // The folder is held: ask the server that holds it.
  try {
    const bytes = await writeWhole(file, (temporary) => requestBackup(config.dataDir, format, toFile(temporary)));
    return { file, format: fileFormat, bytes, how: `from the running server (${holderOf(config.dataDir)})` };
  } catch (error) {
    if (!(error instanceof NoBackupSocketError)) throw error;
    throw new RestoreError(
      `The database in ${config.dataDir} is open in ${holderOf(config.dataDir)}, which does not answer backup requests ` +
        `(no ${basename(error.message)}). If it is the API server, it is an older release: stop it, back up, start it again.`,
    );
  }
}

function holderOf(dataDir: string): string {
  try {
    return `process ${readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim().split(/\s+/)[0]}`;
  } catch {
    return 'another process';
  }
}

/** What a file holds, from its first bytes. */
export async function detectFormat(file: string): Promise<FileFormat> {
  const head = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  let length: number;
  try {
    length = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const start = head.subarray(0, length);
  if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pgdump';
  if (start[0] === 0x1f && start[1] === 0x8b) {
    if (await readLogicalHeader(file)) return 'logical';
    let inflated: Buffer | undefined;
    try {
      inflated = gunzipSync(start, { finishFlush: 2 /* Z_SYNC_FLUSH: a partial stream */ });
    } catch {
      inflated = undefined;
    }
    if (inflated && inflated.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite-image';
  }
  throw new RestoreError(
    `${file} is not a backup of this application (neither a pg_dump custom file, a PGlite image nor a logical dump)`,
  );
}

export interface RestoreResult {
  format: FileFormat;
  target: string;
  /** PGlite: where the replaced folder was kept. */
  keptAside?: string;
  counts: Record<string, number>;
}

/** What was restored, to print and to check: rows of the tables staff know (those the schema has). */
async function summary(handle: Pick<DbHandle, 'db'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, label] of [
    ['customers', 'customers'],
    ['invoices', 'invoices'],
    ['payments', 'payments'],
    ['users', 'users'],
    ['audit_log', 'audit entries'],
  ] as const) {
    const { present } = onlyRow(
      rowsOf<{ present: boolean }>(
        await handle.db.execute(sql`select to_regclass(${`public.${table}`}) is not null as present`),
      ),
    );
    if (!present) continue;
    counts[label] = onlyRow(
      rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)),
    ).n;
  }
  return counts;
}

/**
 * After a restore nobody stays signed in: sessions in the backup belong to another moment (a
 * signed-out or deactivated user's among them). Everyone signs in again.
 */
async function endSessions(handle: Pick<DbHandle, 'db'>): Promise<void> {
  await handle.db.execute(sql`delete from sessions`);
}

export async function restore(
  config: Config,
  file: string,
  options: { replace?: boolean } = {},
): Promise<RestoreResult> {
  const path = resolve(file);
  if (!existsSync(path)) throw new RestoreError(`No such file: ${path}`);
  const format = await detectFormat(path);
  return config.databaseUrl
    ? restorePostgres(config.databaseUrl, path, format, options)
    : restorePglite(config.dataDir, path, format, options);
}

async function restorePostgres(
  databaseUrl: string,
  file: string,
  format: FileFormat,
  options: { replace?: boolean },
): Promise<RestoreResult> {
  if (format === 'pglite-image') {
    throw new RestoreError(
      'This is an image of a PGlite folder: restore it without DATABASE_URL (into DATA_DIR). To move to PostgreSQL, take a logical backup: pnpm backup --logical.',
    );
  }
  if (format === 'pgdump' && !toolVersion('pg_restore')) {
    throw new RestoreError(
      'This is a pg_dump file and pg_restore is not on PATH: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).',
    );
  }
  await withClient(databaseUrl, async (client) => {
    const open = await openApiConnections(client);
    if (open)
      throw new RestoreError(
        `${open} API connection(s) are open on this database: stop every API instance first, then restore.`,
      );
    if ((await tableCount(client)) > 0) {
      if (!options.replace) {
        throw new RestoreError(
          'The database already has tables. Restore into an empty database, or add --replace to drop what is there first (take a backup of it before).',
        );
      }
      await dropApplicationSchemas(client);
    }
  });
  if (format === 'pgdump') await pgRestore(databaseUrl, file);
  const handle = await connect({ databaseUrl, poolSize: 2, applicationName: TOOL_APPLICATION_NAME });
  try {
    if (format === 'logical') {
      await migrate(handle);
      await restoreLogical(handle.db, file);
    }
    await endSessions(handle);
    return { format, target: 'PostgreSQL (DATABASE_URL)', counts: await summary(handle) };
  } finally {
    await handle.close();
  }
}

async function restorePglite(
  dataDir: string,
  file: string,
  format: FileFormat,
  options: { replace?: boolean },
): Promise<RestoreResult> {
  if (format === 'pgdump') {
    throw new RestoreError('This is a pg_dump file of a PostgreSQL database: set DATABASE_URL to restore it there.');
  }
  privateFolder(dataDir);
  let release: () => void;
  try {
    release = acquireLock(join(dataDir, LOCK_FILE), dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreError(
        `${error.message.split('. ')[0]}. Stop the server first: a restore replaces the database folder.`,
      );
    }
    throw error;
  }
  try {
    const current = join(dataDir, PGLITE_FOLDER);
    if (existsSync(current) && !options.replace) {
      throw new RestoreError(
        `${dataDir} already holds a database. Add --replace to replace it (it is kept beside, renamed, until you delete it).`,
      );
    }
    // Built beside the current folder, which stays untouched until the new one is complete.
    const building = join(dataDir, `${PGLITE_FOLDER}.restoring`);
    rmSync(building, { recursive: true, force: true });
    let counts: Record<string, number>;
    try {
      const loadDataDir =
        format === 'pglite-image' ? new Blob([readFileSync(file)], { type: 'application/x-gzip' }) : undefined;
      const handle = await openPglite(building, { loadDataDir });
      try {
        if (format === 'logical') {
          await migrate(handle);
          await restoreLogical(handle.db, file);
        }
        await endSessions(handle);
        counts = await summary(handle);
      } finally {
        await handle.close();
      }
      restrictTree(building);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
    let keptAside: string | undefined;
    if (existsSync(current)) {
      keptAside = join(dataDir, `${PGLITE_FOLDER}.before-restore-${stamp()}`);
      renameSync(current, keptAside);
    }
    renameSync(building, current);
    return { format, target: `PGlite in ${dataDir}`, keptAside, counts };
  } finally {
    release();
  }
}
