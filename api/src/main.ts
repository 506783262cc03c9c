import { existsSync } from 'node:fs';
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
import { schedulerSettings, startInvoiceJobs } from './jobs/scheduled-invoices';
import { startMailWorker } from './jobs/mail-outbox';
import { dailyStatements } from './jobs/monthly-statements';
import { loadMailKey } from './lib/mail-key';
import { AuthService } from './modules/auth/service';
import { countingJobLogger } from './modules/metrics/metrics';
import { seedDemoData } from './seed';
import { ensureInitialAdmin, forgetReplacedInitialPassword, INITIAL_PASSWORD_FILE } from './modules/auth/initial-admin';

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
  const handle = await connectMigrated(config);
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
    if (await forgetReplacedInitialPassword(handle.db, config.dataDir)) {
      console.log(`Deleted ${INITIAL_PASSWORD_FILE}: admin has chosen their own password.`);
    }
    if (config.seed && (await seedDemoData(handle.db)))
      console.log('Added demo data (customers, products, masters). Set SEED=false to start empty.');
    app = await buildApp({ db: handle, config, web: true, logger: { level: config.logLevel } });
    await app.listen({ port: config.port, host: config.host });
    anchoring = startAnchoring({
      db: handle.db,
      file: config.auditAnchorFile,
      everyMs: config.auditAnchorSeconds * 1000,
      log: app.log,
    });
    const { pdf } = app;
    job = startInvoiceJobs({
      db: handle.db,
      timeZone: config.businessTz,
      now: config.now,
      settings: scheduler,
      log: countingJobLogger(app.metrics, app.log),
      statements: dailyStatements(handle.db, (path, token) => pdf.render(path, token), config.now),
    });
    mail = startMailWorker({ db: handle.db, config, log: app.log });
    // pnpm backup asks this process for a copy of the folder it holds (backup/server.ts).
    if (handle.pglite)
      backups = await startBackupSocket({
        pglite: handle.pglite,
        db: handle.db,
        dataDir: config.dataDir,
        log: app.log,
      });
    const port = (app.server.address() as { port: number }).port;
    const where =
      handle.kind === 'pglite'
        ? `embedded PGlite in ${config.dataDir}`
        : `PostgreSQL (DATABASE_URL) as ${runtimeRoleOf(config.runtimeDatabaseUrl!).name}`;
    console.log(`\nAdmin System is running at http://localhost:${port}\n  Database: ${where}\n  ${signIn}\n`);
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
