import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { APPLICATION_NAME } from '../db/connect';

/** The name the backup and restore commands' own connections give PostgreSQL. */
export const TOOL_APPLICATION_NAME = 'admin-system-backup';

/** The version line of a PostgreSQL client tool on PATH (pg_dump, pg_restore), or undefined. */
export function toolVersion(tool: 'pg_dump' | 'pg_restore'): string | undefined {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * The tools take the connection from the environment (PGHOST, PGPASSWORD…), never from the
 * command line, where `ps` would show the password to every user of the machine.
 */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: TOOL_APPLICATION_NAME };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const params: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    host: 'PGHOST',
  };
  for (const [name, variable] of Object.entries(params)) {
    const value = url.searchParams.get(name);
    if (value) env[variable] = value;
  }
  return env;
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** pg_dump's custom format (-Fc): compressed, restorable table by table with pg_restore. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  return run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', '--file', file],
    libpqEnvironment(databaseUrl),
  );
}

/** Into an empty database, in one transaction: a failure leaves it empty. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      libpqEnvironment(databaseUrl).PGDATABASE ?? '',
      file,
    ],
    libpqEnvironment(databaseUrl),
  );
}

export async function withClient<T>(databaseUrl: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: TOOL_APPLICATION_NAME });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** API connections open on the database (other than ours): instances still running. */
export async function openApiConnections(client: pg.Client): Promise<number> {
  const result = await client.query(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
    [APPLICATION_NAME],
  );
  return result.rows[0].n;
}

/** Tables in `public` (the application's); an empty database has none. */
export async function tableCount(client: pg.Client): Promise<number> {
  const result = await client.query(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  return result.rows[0].n;
}

/** Empties the database for a replacing restore: the application's schemas go, public comes back empty. */
export async function dropApplicationSchemas(client: pg.Client): Promise<void> {
  await client.query('begin');
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
