// Where the cluster lives and on which ports: chosen by `pnpm cluster up` from the environment and
// kept in CLUSTER_DIR/cluster.json, so every later command (status, down, restart-api, failover)
// finds the same cluster without the environment being repeated.
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, REPO_ROOT } from '../layout.mjs';

/** PostgreSQL 15's programs, as Debian installs them (postgresql-15). */
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
export const DATABASE = 'admin_system';
export const INSTANCES = 3;

/**
 * @typedef {{
 *   dir: string,
 *   nginxPort: number,
 *   primaryPort: number,
 *   primaryFolder: string,
 *   replicaPort: number | null,
 *   replicaFolder: string | null,
 *   pgbouncerPort: number,
 *   apiPorts: number[],
 *   releasesDir: string,
 *   adminPassword?: string,
 * }} Cluster
 */

/** @param {NodeJS.ProcessEnv} env */
export function clusterDir(env = process.env) {
  return path.resolve(REPO_ROOT, env.CLUSTER_DIR || '.cluster');
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 */
function port(env, name, fallback) {
  const raw = env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535)
    throw new OpsError(`${name} must be a port number, got "${raw}".`);
  return value;
}

/**
 * A new cluster's layout from the environment: CLUSTER_PORT (nginx, 8080), CLUSTER_PG_PORT (the
 * primary, 5441; its replica the next port), CLUSTER_PGBOUNCER_PORT (6441) and CLUSTER_API_PORT
 * (the first of three instances, 8081).
 * @param {NodeJS.ProcessEnv} env
 * @returns {Cluster}
 */
export function newCluster(env = process.env) {
  const primaryPort = port(env, 'CLUSTER_PG_PORT', 5441);
  const apiPort = port(env, 'CLUSTER_API_PORT', 8081);
  return {
    dir: clusterDir(env),
    nginxPort: port(env, 'CLUSTER_PORT', 8080),
    primaryPort,
    primaryFolder: 'pg-primary',
    replicaPort: primaryPort + 1,
    replicaFolder: 'pg-replica',
    pgbouncerPort: port(env, 'CLUSTER_PGBOUNCER_PORT', 6441),
    apiPorts: Array.from({ length: INSTANCES }, (_, i) => apiPort + i),
    releasesDir: path.resolve(env.RELEASES_DIR || path.join(REPO_ROOT, 'releases')),
    adminPassword: env.ADMIN_PASSWORD || undefined,
  };
}

/** @param {string} dir */
const fileOf = (dir) => path.join(dir, 'cluster.json');

/**
 * The cluster `pnpm cluster up` made in CLUSTER_DIR, or undefined when there is none.
 * @returns {Cluster | undefined}
 */
export function readCluster(dir = clusterDir()) {
  if (!fs.existsSync(fileOf(dir))) return undefined;
  return JSON.parse(fs.readFileSync(fileOf(dir), 'utf8'));
}

/** @param {Cluster} cluster */
export function saveCluster(cluster) {
  // It may hold ADMIN_PASSWORD: the owner's alone.
  fs.writeFileSync(fileOf(cluster.dir), `${JSON.stringify(cluster, null, 2)}\n`, { mode: 0o600 });
}

/** @param {Cluster} cluster @param {...string} parts */
export const under = (cluster, ...parts) => path.join(cluster.dir, ...parts);

/** @param {number} port @param {string} [user] */
export const databaseUrl = (port, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${DATABASE}`;

/** The role the API instances run as: the API's default (api/src/db/runtime-role.ts), created by its first start. */
export const RUNTIME_ROLE = 'admin_system_api';
