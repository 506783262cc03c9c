import { existsSync, unlinkSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/connect';
import { dumpLogical } from './logical';

/**
 * A running server holds its PGlite folder (PGlite opens a folder in one process only), so
 * `pnpm backup` cannot open it. Instead the server answers backup requests on a Unix socket in
 * that folder, DATA_DIR/backup.sock: the folder is the owner's alone (0700) and the socket too
 * (0600), so exactly the users who could read the data files can ask, and no token is needed
 * (cron runs as the same user). The copy is taken inside the server, between two transactions.
 */
export const BACKUP_SOCKET = 'backup.sock';

export type BackupFormat = 'image' | 'logical';

/**
 * A consistent image of a running PGlite's folder (gzip'd tar, PGlite's dumpDataDir): a
 * checkpoint first, then the copy while no transaction is open and no statement runs (the
 * transaction and statement queues are held), so it opens as a cleanly stopped database would.
 * Requests wait meanwhile; for this size of business, a second or two.
 */
export async function pgliteImage(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const image = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await image.arrayBuffer());
}

export async function writeBackup(
  format: BackupFormat,
  source: { pglite: PGlite; db: Database },
  out: Writable,
): Promise<void> {
  if (format === 'logical') {
    await dumpLogical(source.db, 'pglite', out);
    return;
  }
  const image = await pgliteImage(source.pglite);
  await new Promise<void>((done, fail) => {
    out.on('error', fail);
    out.end(image, () => done());
  });
}

/** Listens on DATA_DIR/backup.sock until close(). Only for PGlite with a folder. */
export async function startBackupSocket(options: {
  pglite: PGlite;
  db: Database;
  dataDir: string;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}): Promise<{ path: string; close(): Promise<void> }> {
  const path = join(options.dataDir, BACKUP_SOCKET);
  // A socket file left by a server that crashed: we hold the folder lock, so it is not in use.
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://backup');
    const format = url.searchParams.get('format') === 'logical' ? 'logical' : 'image';
    if (request.method !== 'POST' || url.pathname !== '/backup') {
      response.writeHead(404).end('POST /backup');
      return;
    }
    const started = Date.now();
    response.writeHead(200, { 'content-type': 'application/gzip', 'x-backup-format': format });
    writeBackup(format, options, response).then(
      () => options.log.info({ format, ms: Date.now() - started }, 'backup taken'),
      (error: unknown) => {
        options.log.error({ err: error }, 'backup failed');
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  await chmod(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export class NoBackupSocketError extends Error {}

/**
 * Asks the server running on DATA_DIR for a backup and writes it to `out`. A missing socket, or
 * one nobody answers on, is a NoBackupSocketError.
 */
export function requestBackup(dataDir: string, format: BackupFormat, out: Writable): Promise<void> {
  const socketPath = join(dataDir, BACKUP_SOCKET);
  return new Promise<void>((done, fail) => {
    const request = httpRequest({ socketPath, method: 'POST', path: `/backup?format=${format}` }, (response) => {
      if (response.statusCode !== 200) {
        fail(new Error(`The server refused the backup (${response.statusCode})`));
        response.resume();
        return;
      }
      response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new Error('The server stopped in the middle of the backup'));
      });
      out.on('error', fail);
      out.on('finish', () => done());
      response.pipe(out);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') fail(new NoBackupSocketError(socketPath));
      else fail(error);
    });
    request.end();
  });
}
