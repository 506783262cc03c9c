import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { DataDirLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { schedulerSettings, startScheduledInvoiceJob } from './jobs/scheduled-invoices';
import { AuthService } from './modules/auth/service';
import { seedDemoData } from './seed';
import { ensureInitialAdmin } from './seed/initial-admin';

async function main() {
  const config = loadConfig();
  const scheduler = schedulerSettings();
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let job: ReturnType<typeof startScheduledInvoiceJob> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    try {
      // A generation in progress finishes before the database closes.
      await job?.stop();
      await app?.close();
    } finally {
      await handle.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await migrate(handle);
    const signIn = await ensureInitialAdmin(new AuthService(handle.db, config), config);
    if (config.seed && (await seedDemoData(handle.db))) console.log('Added demo data (customers, products, masters). Set SEED=false to start empty.');
    app = await buildApp({ db: handle, config, web: true, logger: { level: config.logLevel } });
    await app.listen({ port: config.port, host: config.host });
    job = startScheduledInvoiceJob({ db: handle.db, timeZone: config.businessTz, now: config.now, settings: scheduler, log: app.log });
    const port = (app.server.address() as { port: number }).port;
    const where = handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`\nAdmin System is running at http://localhost:${port}\n  Database: ${where}\n  ${signIn}\n`);
  } catch (error) {
    await job?.stop();
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
