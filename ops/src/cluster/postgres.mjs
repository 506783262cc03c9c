// The cluster's PostgreSQL: a primary, and a streaming replica made from it with pg_basebackup,
// each with its own data folder and port under CLUSTER_DIR. The primary waits for the replica to
// have each commit before acknowledging it (synchronous replication): an acknowledged payment is
// on both, so a failover loses none (docs/decisions.md).
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE, PG_BIN, under } from './settings.mjs';
import { listening, runAsService, serviceFile, serviceFolder, waitFor } from './system.mjs';

/** The name the replica streams under; the primary's synchronous_standby_names waits for it. */
export const REPLICA_NAME = 'replica';

/** @typedef {import('./settings.mjs').Cluster} Cluster */
/** @typedef {'primary' | 'replica'} Role */

/**
 * The data folder of the server in `role`: after a failover the primary's is the old replica's.
 * @param {Cluster} cluster @param {Role} role
 */
const folderOf = (cluster, role) => (role === 'primary' ? cluster.primaryFolder : cluster.replicaFolder) ?? 'pg-none';

/** @param {Cluster} cluster @param {Role} role */
export const dataDir = (cluster, role) => under(cluster, folderOf(cluster, role));

/** @param {Cluster} cluster @param {Role} role */
const logFile = (cluster, role) => under(cluster, 'logs', `${folderOf(cluster, role)}.log`);

/**
 * The settings the cluster's servers run with, appended to a new data folder's postgresql.conf.
 * Three instances of 10 + 4 + 4 connections and the tools fit under max_connections; the rest
 * lets a replica stream and catch up after a restart.
 * @param {number} port
 * @param {string} dir
 */
function settings(port, dir) {
  return [
    '',
    '# pnpm cluster',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'max_connections = 120',
    'shared_buffers = 64MB',
    'wal_level = replica',
    'max_wal_senders = 4',
    'wal_keep_size = 256MB',
    'hot_standby = on',
    'hot_standby_feedback = on',
    '',
  ].join('\n');
}

/** @param {Cluster} cluster @param {Role} role */
function start(cluster, role) {
  const log = logFile(cluster, role);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  serviceFile(log);
  runAsService(`${PG_BIN}/pg_ctl`, ['start', '-w', '-t', '60', '-D', dataDir(cluster, role), '-l', log]);
}

/**
 * A new primary: initdb (trust on 127.0.0.1 only: one machine; several use scram passwords, see
 * docs/operations.md), started, with the application's database.
 * @param {Cluster} cluster
 */
export async function startPrimary(cluster) {
  const dir = dataDir(cluster, 'primary');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    serviceFolder(dir);
    runAsService(`${PG_BIN}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    fs.appendFileSync(path.join(dir, 'postgresql.conf'), settings(cluster.primaryPort, dir));
  }
  start(cluster, 'primary');
  await waitFor(() => listening(cluster.primaryPort), `PostgreSQL on port ${cluster.primaryPort}`);
  const exists = psql(cluster.primaryPort, 'postgres', `select 1 from pg_database where datname = '${DATABASE}'`);
  if (!exists.trim()) psql(cluster.primaryPort, 'postgres', `create database ${DATABASE}`);
}

/**
 * A new replica: a copy of the primary (pg_basebackup, streaming the WAL written meanwhile) that
 * starts as a hot standby following it; then the primary waits for it on every commit.
 * @param {Cluster} cluster
 */
export async function startReplica(cluster) {
  if (cluster.replicaPort === null || cluster.replicaFolder === null) return;
  const dir = dataDir(cluster, 'replica');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    serviceFolder(dir);
    runAsService(`${PG_BIN}/pg_basebackup`, [
      '-d',
      `host=127.0.0.1 port=${cluster.primaryPort} user=postgres application_name=${REPLICA_NAME}`,
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // The copy carries the primary's settings; the last line wins.
    fs.appendFileSync(path.join(dir, 'postgresql.conf'), settings(cluster.replicaPort, dir));
  }
  start(cluster, 'replica');
  await waitFor(
    () => listening(/** @type {number} */ (cluster.replicaPort)),
    `the replica on port ${cluster.replicaPort}`,
  );
  await waitFor(
    async () =>
      psql(
        cluster.primaryPort,
        'postgres',
        `select state from pg_stat_replication where application_name = '${REPLICA_NAME}'`,
      ).trim() === 'streaming',
    'the replica to stream from the primary',
  );
  // Set on the primary only (ALTER SYSTEM after the copy): a promoted replica does not wait for a standby it lacks.
  psql(cluster.primaryPort, 'postgres', `alter system set synchronous_standby_names = '${REPLICA_NAME}'`);
  psql(cluster.primaryPort, 'postgres', 'select pg_reload_conf()');
}

/**
 * Stops a server: 'fast' (sessions ended, a clean checkpoint) or 'immediate' (as if its machine
 * died: the failover drill).
 * @param {Cluster} cluster
 * @param {Role} role
 * @param {'fast' | 'immediate'} mode
 */
export function stopServer(cluster, role, mode = 'fast') {
  const dir = dataDir(cluster, role);
  if (!fs.existsSync(path.join(dir, 'postmaster.pid'))) return;
  runAsService(`${PG_BIN}/pg_ctl`, ['stop', '-w', '-m', mode, '-D', dir]);
}

/**
 * Makes the replica a primary that accepts writes (pg_ctl promote, waiting until it has).
 * @param {Cluster} cluster
 */
export function promoteReplica(cluster) {
  runAsService(`${PG_BIN}/pg_ctl`, ['promote', '-w', '-D', dataDir(cluster, 'replica')]);
}

/**
 * Runs one statement with psql as the superuser; returns its unaligned output.
 * @param {number} port
 * @param {string} database
 * @param {string} statement
 */
export function psql(port, database, statement) {
  return runAsService(`${PG_BIN}/psql`, [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-XAtq',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    statement,
  ]);
}

/**
 * Whether the server on `port` is a standby, and its replication to the replica, for status.
 * @param {number} port
 */
export function replicationState(port) {
  try {
    const recovery = psql(port, 'postgres', 'select pg_is_in_recovery()').trim() === 't';
    if (recovery) return 'replica (streaming)';
    const sync = psql(
      port,
      'postgres',
      "select coalesce(string_agg(application_name || ' ' || state || ' ' || sync_state, ', '), 'no replica') from pg_stat_replication",
    ).trim();
    return `primary (${sync})`;
  } catch {
    return 'down';
  }
}
