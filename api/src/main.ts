import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app';
import { startAnchoring, type Anchoring } from './audit/anchors';
import { AUDIT_KEY_FILE, loadAuditKeys, refuseNewKeyForKeyedTrail } from './audit/keys';
import { useAuditKeys } from './audit/trail';
import { startBackupSocket } from './backup/server';
import { loadConfig, type Config } from './config';
import { connect, privateFolder, type DbHandle } from './db/connect';
import { refuseRewritingRole, runtimeRoleOf } from './db/runtime-role';
import { DataDirLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { schedulerSettings, startInvoiceJobs, type JobRun } from './jobs/scheduled-invoices';
import { startMailWorker } from './jobs/mail-outbox';
import { dailyStatements } from './jobs/monthly-statements';
import { loadMailKey } from './lib/mail-key';
import { AuthService } from './modules/auth/service';
import { countingJobLogger } from './modules/metrics/metrics';
import { seedDemoData } from './seed';
import { ensureInitialAdmin, forgetReplacedInitialPassword } from './modules/auth/initial-admin';

async function main() {
  const loaded = loadConfig();
  const scheduler = schedulerSettings();
  // Holds the PGlite database and the first admin's password: the owner's alone (0700).
  privateFolder(loaded.dataDir);
  // The mail password's key lives outside the database too: MAIL_KEY, or DATA_DIR/mail-key (lib/mail-key.ts).
  const config: Config = { ...loaded, mailKey: loadMailKey(loaded, { create: true }) };
  // The chain's key lives outside the database: rewriting entries needs it (audit/keys.ts).
  const keyFile = join(config.dataDir, AUDIT_KEY_FILE);
  const newKeyFile = !config.auditKeys && !existsSync(keyFile);
  const keys = loadAuditKeys(config, { create: true })!;
  useAuditKeys(keys);
  const handle = await startStep('Migrating the database', () => connectMigrated(config));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let job: ReturnType<typeof startInvoiceJobs> | undefined;
  let mail: ReturnType<typeof startMailWorker> | undefined;
  let backups: Awaited<ReturnType<typeof startBackupSocket>> | undefined;
  let anchoring: Anchoring | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    try {
      // A generation in progress finishes before the database closes.
      await job?.stop();
      // The message being sent is recorded before the database closes.
      await mail?.stop();
      await backups?.close();
      await app?.close();
      // After the last request: the anchor holds every entry this process wrote.
      await anchoring?.stop();
    } finally {
      await handle.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    if (newKeyFile) await refuseNewKeyForKeyedTrail(handle.db, keys, keyFile);
    const signIn = await ensureInitialAdmin(new AuthService(handle.db, config), config);
    await forgetReplacedInitialPassword(handle.db, config.dataDir);
    if (config.seed) {
      await startStep('Adding demo data', async () =>
        (await seedDemoData(handle.db)) ? 'done (SEED=false starts empty)' : 'already there',
      );
    }
    app = await startStep('Starting the server', async () => {
      const server = await buildApp({ db: handle, config, web: true, logger: { level: config.logLevel } });
      // Fastify says 'Server listening at …' for each address; the banner below says it once.
      server.log.level = 'warn';
      await server.listen({ port: config.port, host: config.host });
      server.log.level = config.logLevel;
      return server;
    });
    const server = app;
    anchoring = startAnchoring({
      db: handle.db,
      file: config.auditAnchorFile,
      everyMs: config.auditAnchorSeconds * 1000,
      log: server.log,
    });
    job = startInvoiceJobs({
      db: handle.db,
      timeZone: config.businessTz,
      now: config.now,
      settings: scheduler,
      log: countingJobLogger(server.metrics, server.log),
      statements: dailyStatements(handle.db, (path, token) => server.pdf.render(path, token), config.now),
    });
    const started = job;
    await startStep("Running the day's invoice jobs", async () => jobSummary(await started.firstRun));
    mail = startMailWorker({ db: handle.db, config, log: server.log });
    // pnpm backup asks this process for a copy of the folder it holds (backup/server.ts).
    if (handle.pglite)
      backups = await startBackupSocket({
        pglite: handle.pglite,
        db: handle.db,
        dataDir: config.dataDir,
        log: server.log,
      });
    console.log(banner(server.server.address() as AddressInfo, handle, config, signIn));
  } catch (error) {
    await job?.stop();
    await mail?.stop();
    await anchoring?.stop();
    await backups?.close().catch(() => {});
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * One line for a step of the start, once it is over: its name and what came of it ('done' unless
 * it says). Anything the step logs (the audit anchor, a warning) comes before, on lines of its own.
 */
async function startStep<T>(name: string, run: () => Promise<T>): Promise<T> {
  const result = await run();
  console.log(`${name}… ${typeof result === 'string' ? result : 'done'}`);
  return result;
}

/** What the day's first run of the invoice jobs did, in a few words. */
function jobSummary(run: JobRun | undefined): string {
  if (!run) return 'off (SCHEDULER=off)';
  const said = [
    [run.generated, 'scheduled invoices generated'],
    [run.changed, 'invoices now overdue or due again'],
    [run.reminded, 'payment reminders queued'],
    [run.stated, 'monthly statements queued'],
  ].flatMap(([count, what]) => (count ? [`${count} ${what}`] : []));
  return said.length ? `done (${said.join(', ')})` : 'done, nothing due';
}

/**
 * The last thing the start prints: where to open the product (the address it really listens
 * on), the database, who signs in and where the password is, and how to see more of the log.
 */
function banner(address: AddressInfo, handle: DbHandle, config: Config, signIn: string): string {
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const open = `http://${everywhere ? 'localhost' : address.address}:${address.port}`;
  const listening = everywhere
    ? `Listening on every interface, port ${address.port} (HOST=127.0.0.1 keeps it to this machine)`
    : `Listening on ${address.address}, port ${address.port}`;
  const where =
    handle.kind === 'pglite'
      ? `embedded PGlite in ${config.dataDir}`
      : `PostgreSQL (DATABASE_URL) as ${runtimeRoleOf(config.runtimeDatabaseUrl!).name}${config.replicaUrl ? ', reports from its replica (REPLICA_URL)' : ''}`;
  return [
    '',
    `Admin System is running at ${open}`,
    `  ${listening}`,
    `  Database: ${where}`,
    `  ${signIn}`,
    `  Log: ${config.logLevel}${config.logLevel === 'debug' || config.logLevel === 'trace' ? ', with each request' : ' (LOG_LEVEL=debug adds each request)'}`,
    '',
  ].join('\n');
}

/**
 * The database, migrated. On PostgreSQL the owner (DATABASE_URL) migrates and grants the runtime
 * role, and the pools then connect as that role, which can only append to the audit trail.
 */
async function connectMigrated(config: Config): Promise<DbHandle> {
  if (!config.databaseUrl || !config.runtimeDatabaseUrl) {
    const handle = await connect({ dataDir: config.dataDir });
    await migrate(handle).catch(async (error) => {
      await handle.close();
      throw error;
    });
    return handle;
  }
  const owner = await connect({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    await migrate(owner, runtimeRoleOf(config.runtimeDatabaseUrl));
  } finally {
    await owner.close();
  }
  const handle = await connect({
    databaseUrl: config.runtimeDatabaseUrl,
    poolSize: config.poolSize,
    reportPoolSize: config.reportPoolSize,
    reportTimeoutMs: config.reportTimeoutMs,
    replicaUrl: config.replicaUrl,
  });
  await refuseRewritingRole(handle.db).catch(async (error) => {
    await handle.close();
    throw error;
  });
  return handle;
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
