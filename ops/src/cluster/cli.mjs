// pnpm cluster up | down | status | restart-api | failover: the production layout rehearsed on one
// machine with Debian's parts (docs/operations.md, "A cluster"): a PostgreSQL primary and its
// streaming replica, PgBouncer in front of the primary, three API instances, nginx in front.
import fs from 'node:fs';
import path from 'node:path';
import { OpsError } from '../layout.mjs';
import { ensureBuilt, publishMissing } from '../prepare.mjs';
import { instanceDir, instanceLog, instancePid, startInstance, stopInstance } from './api-instances.mjs';
import { nginxRunning, setUpstream, startNginx, stopNginx } from './nginx.mjs';
import { pgbouncerRunning, repointPgbouncer, startPgbouncer, stopPgbouncer } from './pgbouncer.mjs';
import { promoteReplica, replicationState, startPrimary, startReplica, stopServer } from './postgres.mjs';
import { clusterDir, newCluster, readCluster, saveCluster } from './settings.mjs';
import { answers, ensurePackages } from './system.mjs';

/** @typedef {import('./settings.mjs').Cluster} Cluster */

/**
 * One line per step, as `pnpm start` prints them.
 * @template T
 * @param {string} name
 * @param {() => Promise<T> | T} run
 * @returns {Promise<T>}
 */
async function step(name, run) {
  process.stdout.write(`${name}… `);
  const result = await run();
  console.log(typeof result === 'string' ? result : 'done');
  return result;
}

/** The cluster in CLUSTER_DIR, or a stop saying there is none. */
function existing() {
  const cluster = readCluster();
  if (!cluster) throw new OpsError(`No cluster in ${clusterDir()}: pnpm cluster up`);
  return cluster;
}

async function up() {
  const cluster = readCluster() ?? newCluster();
  // The servers' user must reach its folders inside; what is secret inside is 0600 or 0700.
  fs.mkdirSync(cluster.dir, { recursive: true });
  fs.chmodSync(cluster.dir, 0o755);
  saveCluster(cluster);
  await step('Checking Debian packages', () => ensurePackages((line) => process.stdout.write(`\n  ${line} `)));
  await step('Building', () => {
    const built = ensureBuilt(fs.openSync(path.join(cluster.dir, 'build.log'), 'a'));
    return built.length ? `done (${built.join(', ')})` : 'already built';
  });
  await step('Publishing releases', () => {
    const published = publishMissing(cluster.releasesDir).map((release) => `${release.remote} ${release.version}`);
    return published.length ? `done (${published.join(', ')})` : 'already published';
  });
  await step(`PostgreSQL primary on port ${cluster.primaryPort}`, () => startPrimary(cluster));
  if (cluster.replicaPort !== null)
    await step(`Streaming replica on port ${cluster.replicaPort} (synchronous)`, () => startReplica(cluster));
  await step(`PgBouncer (transaction pooling) on port ${cluster.pgbouncerPort}`, () => startPgbouncer(cluster));
  // The first instance alone: it migrates, creates the first admin and the demo data.
  for (const port of cluster.apiPorts) await step(`API instance on port ${port}`, () => startInstance(cluster, port));
  await step(`nginx on port ${cluster.nginxPort}`, () => startNginx(cluster));
  console.log(signIn(cluster));
}

/** @param {Cluster} cluster */
function signIn(cluster) {
  const passwordFile = path.join(
    instanceDir(cluster, /** @type {number} */ (cluster.apiPorts[0])),
    'initial-admin-password',
  );
  const who = cluster.adminPassword
    ? 'Sign in as admin with ADMIN_PASSWORD'
    : fs.existsSync(passwordFile)
      ? `Sign in as admin with the password in ${passwordFile}`
      : 'Sign in as admin with the password you set';
  return [
    '',
    `Admin System (cluster) is running at http://127.0.0.1:${cluster.nginxPort}`,
    `  ${who}`,
    `  Folder: ${cluster.dir} (logs/ holds each server's log); pnpm cluster status | down`,
    '',
  ].join('\n');
}

async function down() {
  const cluster = readCluster();
  if (!cluster) return console.log(`No cluster in ${clusterDir()}.`);
  // Every server is stopped even when one of them fails to: one left running holds its port.
  /** @type {unknown[]} */
  const failures = [];
  /**
   * @param {string} name
   * @param {() => unknown} stop
   */
  const stopping = (name, stop) =>
    step(name, stop).catch((error) => {
      console.log('failed');
      console.error(error instanceof OpsError ? error.message : error);
      failures.push(error);
    });
  await stopping('nginx', () => stopNginx(cluster));
  for (const port of cluster.apiPorts)
    await stopping(`API instance on port ${port}`, () => stopInstance(cluster, port));
  await stopping('PgBouncer', () => stopPgbouncer(cluster));
  if (cluster.replicaPort !== null) await stopping('Replica', () => stopServer(cluster, 'replica'));
  await stopping('Primary', () => stopServer(cluster, 'primary'));
  if (failures.length) throw new OpsError(`${failures.length} of the servers did not stop (above)`);
  if (process.argv.includes('--delete')) {
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    console.log(`Deleted ${cluster.dir}.`);
  }
}

async function status() {
  const cluster = existing();
  /** @type {[string, string][]} */
  const rows = [
    [
      `nginx :${cluster.nginxPort}`,
      nginxRunning(cluster)
        ? (await answers(`http://127.0.0.1:${cluster.nginxPort}/api/ready`))
          ? 'up, ready'
          : 'up, not ready'
        : 'down',
    ],
    ...(await Promise.all(
      cluster.apiPorts.map(
        async (port) =>
          /** @type {[string, string]} */ ([
            `API :${port}`,
            instancePid(cluster, port)
              ? (await answers(`http://127.0.0.1:${port}/api/ready`))
                ? `up, ready (pid ${instancePid(cluster, port)})`
                : 'up, not ready'
              : 'down',
          ]),
      ),
    )),
    [`PgBouncer :${cluster.pgbouncerPort}`, pgbouncerRunning(cluster) ? `up → :${cluster.primaryPort}` : 'down'],
    [`PostgreSQL :${cluster.primaryPort}`, replicationState(cluster.primaryPort)],
    ...(cluster.replicaPort === null
      ? []
      : [
          /** @type {[string, string]} */ ([
            `PostgreSQL :${cluster.replicaPort}`,
            replicationState(cluster.replicaPort),
          ]),
        ]),
  ];
  for (const [what, state] of rows) console.log(`${what.padEnd(20)} ${state}`);
}

/**
 * One instance at a time: out of nginx's upstream (nginx's old workers finish what they proxy),
 * SIGTERM (the instance finishes its requests and hands its job over), started again, ready, back in.
 * @param {Cluster} cluster
 */
export async function restartApi(cluster = existing()) {
  for (const port of cluster.apiPorts) {
    await step(`API instance on port ${port}`, async () => {
      await setUpstream(cluster, [port]);
      await stopInstance(cluster, port);
      await startInstance(cluster, port);
      await setUpstream(cluster, []);
      return `restarted (pid ${instancePid(cluster, port)})`;
    });
  }
}

/**
 * The primary is lost (stopped as a crash would: no checkpoint, sessions cut), the replica is
 * promoted, PgBouncer reloads pointing at it, and the instances restart on it one at a time.
 * @param {Cluster} cluster
 */
export async function failover(cluster = existing()) {
  if (cluster.replicaPort === null) throw new OpsError('This cluster has no replica left to promote.');
  const promoted = {
    ...cluster,
    primaryPort: cluster.replicaPort,
    primaryFolder: /** @type {string} */ (cluster.replicaFolder),
    replicaPort: null,
    replicaFolder: null,
  };
  await step(`Primary on port ${cluster.primaryPort} lost`, () => stopServer(cluster, 'primary', 'immediate'));
  await step(`Replica on port ${cluster.replicaPort} promoted`, () => promoteReplica(cluster));
  saveCluster(promoted);
  await step('PgBouncer repointed', () => repointPgbouncer(promoted));
  await restartApi(promoted);
  console.log(
    `The primary is now on port ${promoted.primaryPort}, without a replica; the old primary's folder is kept for inspection.`,
  );
}

const commands = /** @type {Record<string, () => Promise<unknown>>} */ ({
  up,
  down,
  status,
  'restart-api': () => restartApi(),
  failover: () => failover(),
});

const command = process.argv[2] ?? '';
if (!commands[command]) {
  console.error('Usage: pnpm cluster up | down [--delete] | status | restart-api | failover');
  process.exit(2);
}
commands[command]().catch((error) => {
  console.log('failed');
  console.error(error instanceof OpsError ? error.message : error);
  const cluster = readCluster();
  if (cluster)
    console.error(
      `Logs: ${path.join(cluster.dir, 'logs')} (${cluster.apiPorts.map((port) => path.basename(instanceLog(cluster, port))).join(', ')}, pg-*.log)`,
    );
  process.exit(1);
});
