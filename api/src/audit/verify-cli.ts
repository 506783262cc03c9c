import { existsSync } from 'node:fs';
import type { AuditChainProblem } from '@admin/shared/contract';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { DataDirLockedError } from '../db/lock';
import { lastAnchor } from './anchors';
import { loadAuditKeys } from './keys';
import { verifyChain } from './trail';

const WHY: Record<AuditChainProblem, string> = {
  changed: 'its content or its link to the entry before does not match its hash.',
  'unknown-key':
    'it is signed with a key this command does not hold: set AUDIT_KEY and AUDIT_PREVIOUS_KEYS, or DATA_DIR to the folder with audit-keys, as for the server.',
  missing:
    'the trail ends before it, and the last anchor shows entries up to that one: the newest entries were deleted.',
  rewritten: 'its hash is not the one the last anchor wrote: the trail up to it was made again.',
};

/**
 * `pnpm audit:verify`: walks the audit trail of the configured database (DATABASE_URL, or the
 * PGlite folder DATA_DIR) with the keys and the anchor file the server uses, and prints what it
 * found. Exit code 0 when the chain is intact, 1 when it is broken, 2 when it could not be checked.
 */
async function main(): Promise<number> {
  // pnpm runs the script in the api folder; a relative DATA_DIR means where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`;
  // Opening a PGlite folder that holds no database would create one: say so instead.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) {
    console.error(`No database in ${config.dataDir}: nothing to verify. Set DATA_DIR or DATABASE_URL.`);
    return 2;
  }

  let handle: Awaited<ReturnType<typeof connect>>;
  try {
    handle = await connect(
      config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `Cannot verify the audit trail now: the database in ${config.dataDir} is open in another process, ` +
        'most likely the API server, which holds it while it runs (PGlite lets one process at a time open its folder).\n' +
        'Stop the server and run `pnpm audit:verify` again, or ask the running server: GET /api/audit-log/verify (as an admin).\n' +
        `(${error.message})`,
    );
    return 2;
  }
  try {
    // Read before the walk, so that every entry it names has committed (trail.ts, verifyChain).
    const anchor = lastAnchor(config.auditAnchorFile);
    const result = await verifyChain(handle.db, { keys: loadAuditKeys(config, { create: false }), anchor });
    const against = anchor
      ? ` Compared with the last anchor, entry ${anchor.seq} at ${anchor.at} (${config.auditAnchorFile}).`
      : ` No anchor in ${config.auditAnchorFile} to compare with.`;
    if (result.ok) {
      console.log(`Audit trail intact: ${result.checked} entries checked (${where}).${against}`);
      return 0;
    }
    console.error(`Audit trail BROKEN at entry ${result.firstBrokenId} (${where}): ${WHY[result.problem!]}`);
    console.error(`The ${result.checked} entries before it check out.${against}`);
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error & { cause?: Error }) => {
    // The driver's own words (no such database, no audit_log yet), not the query that met them.
    console.error('Cannot verify the audit trail:', (error.cause ?? error).message);
    process.exitCode = 2;
  },
);
