// PgBouncer in transaction mode in front of the primary: the entry for short-lived clients (the
// audit check, reporting tools, scripts), which would otherwise each cost the primary a backend.
// The API instances connect to PostgreSQL directly: they keep named prepared statements and a
// session advisory lock (migrations), which transaction pooling breaks (docs/decisions.md).
import fs from 'node:fs';
import { DATABASE, RUNTIME_ROLE, under } from './settings.mjs';
import { listening, runAsService, runningPid, serviceFolder, stopPid, waitFor } from './system.mjs';

/** @typedef {import('./settings.mjs').Cluster} Cluster */

/** @param {Cluster} cluster */
const folder = (cluster) => under(cluster, 'pgbouncer');
/** @param {Cluster} cluster */
const pidFile = (cluster) => under(cluster, 'pgbouncer', 'pgbouncer.pid');

/**
 * Writes pgbouncer.ini pointing at the cluster's primary (cluster.primaryPort): a new start, or
 * a reload after a failover.
 * @param {Cluster} cluster
 */
function writeConfig(cluster) {
  const dir = folder(cluster);
  fs.writeFileSync(
    `${dir}/pgbouncer.ini`,
    [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${cluster.primaryPort} dbname=${DATABASE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${cluster.pgbouncerPort}`,
      `unix_socket_dir = ${dir}`,
      'pool_mode = transaction',
      // Trust as PostgreSQL on 127.0.0.1 does; several machines use scram (docs/operations.md).
      'auth_type = trust',
      `auth_file = ${dir}/userlist.txt`,
      'admin_users = postgres',
      'max_client_conn = 200',
      'default_pool_size = 10',
      'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
      `logfile = ${dir}/pgbouncer.log`,
      `pidfile = ${pidFile(cluster)}`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(`${dir}/userlist.txt`, `"postgres" ""\n"${RUNTIME_ROLE}" ""\n`);
  serviceFolder(dir);
}

/** @param {Cluster} cluster */
export async function startPgbouncer(cluster) {
  fs.mkdirSync(folder(cluster), { recursive: true });
  writeConfig(cluster);
  if (!runningPid(pidFile(cluster))) runAsService('/usr/sbin/pgbouncer', ['-d', `${folder(cluster)}/pgbouncer.ini`]);
  await waitFor(() => listening(cluster.pgbouncerPort), `PgBouncer on port ${cluster.pgbouncerPort}`);
}

/**
 * Points PgBouncer at the cluster's primary as it now is (after a failover): the new file, then
 * a reload (SIGHUP), which its clients do not notice.
 * @param {Cluster} cluster
 */
export function repointPgbouncer(cluster) {
  writeConfig(cluster);
  const pid = runningPid(pidFile(cluster));
  if (pid) process.kill(pid, 'SIGHUP');
}

/** @param {Cluster} cluster */
export const stopPgbouncer = (cluster) => stopPid(pidFile(cluster), 'SIGINT');

/** @param {Cluster} cluster */
export const pgbouncerRunning = (cluster) => runningPid(pidFile(cluster)) !== undefined;

/** @param {Cluster} cluster */
export const pgbouncerUrl = (cluster, user = 'postgres') =>
  `postgres://${user}@127.0.0.1:${cluster.pgbouncerPort}/${DATABASE}`;
