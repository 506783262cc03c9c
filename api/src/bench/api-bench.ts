// pnpm bench:api: the API's speed at a business's size, measured, not asserted.
//
//   pnpm bench:api [--customers 100000] [--invoices 200000] [--payments 200000]
//                  [--db pglite|postgres|both] [--seconds 5] [--label after] [--only aging,statement]
//   pnpm bench:api --cluster [--clients 30]
//
// For each database a child process (the server) makes a fresh database (PGlite in memory, or
// PostgreSQL's `bench` database at BENCH_DATABASE_URL, never the tests' one), fills it in bulk
// (fill.ts), checks the ledger's invariants, and serves the real app over HTTP on port 4300. This
// process is the load: 10 clients at once call each endpoint for --seconds, over keep-alive
// connections, and the answers' times are written to docs/benchmarks-api.md and
// docs/benchmarks-api.json. --only aging,statement measures just the calls whose names contain
// one of those texts and only prints them (a part would replace the whole table in the docs).
// --cluster measures the dashboard, lists and money writes against one instance on one
// PostgreSQL database, then through nginx against a cluster of its own (`pnpm cluster up`: three
// instances, reports on the replica) filled alike, in the same run, and writes both side by side.
// Run it through `flock /tmp/bench.lock` on a shared machine.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { onlyRow, rowsOf } from '../db/rows';
import { pickCyclic } from '../lib/pick-cyclic';
import type { Sizes } from './fill';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    invoices: { type: 'string', default: '200000' },
    payments: { type: 'string', default: '200000' },
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '5' },
    // 10, or 30 with --cluster.
    clients: { type: 'string' },
    label: { type: 'string', default: 'after' },
    port: { type: 'string', default: '4300' },
    serve: { type: 'boolean', default: false },
    only: { type: 'string' },
    cluster: { type: 'boolean', default: false },
    'fill-only': { type: 'boolean', default: false },
  },
});
args.clients ??= args.cluster ? '30' : '10';
const whole = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const sizes: Sizes = { customers: whole('customers'), invoices: whole('invoices'), payments: whole('payments') };
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const DOCS = new URL('../../../docs/', import.meta.url);
const MARKDOWN = fileURLToPath(new URL('benchmarks-api.md', DOCS));
const JSON_FILE = fileURLToPath(new URL('benchmarks-api.json', DOCS));
const USER = { username: 'bench', name: 'Bench', password: 'correct horse battery staple' };

type Kind = 'pglite' | 'postgres';
interface Ready {
  port: number;
  fillSeconds: number;
  customerIds: string[];
  kindId: string;
}

/**
 * The server side: fresh database, bulk fill, invariants, the app on `port`. Tells the parent when
 * ready. With --fill-only it fills the database of DATABASE_URL (a cluster's primary, migrated by
 * its instances) with the audit key of AUDIT_KEY instead, and tells the parent once filled.
 */
async function serve(kind: Kind, port: number): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../app');
  const { loadConfig } = await import('../config');
  const { connect } = await import('../db/connect');
  const { migrate } = await import('../db/migrate');
  const { AuthService } = await import('../modules/auth/service');
  const { fill, ledgerCheck } = await import('./fill');
  const { keyringOf, newAuditKey } = await import('../audit/keys');
  const { useAuditKeys } = await import('../audit/trail');
  const fillOnly = args['fill-only'];
  // A fresh database each run: its trail needs a key of its own, kept by no one; a cluster's, the cluster's.
  useAuditKeys(keyringOf([fillOnly ? process.env.AUDIT_KEY! : newAuditKey()]));
  if (kind === 'postgres' && !fillOnly) {
    const url = new URL(BENCH_DATABASE_URL);
    const name = url.pathname.slice(1);
    if (!/^\w+$/.test(name) || name === 'test')
      throw new Error(`BENCH_DATABASE_URL must name a database of its own, not "${name}"`);
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const config: Config = { ...loadConfig(), seed: false, loginFailuresPerIp: 1_000_000 };
  const { poolSize, reportPoolSize, reportTimeoutMs } = config;
  const databaseUrl = fillOnly ? process.env.DATABASE_URL : BENCH_DATABASE_URL;
  const handle = await connect(kind === 'postgres' ? { databaseUrl, poolSize, reportPoolSize, reportTimeoutMs } : {});
  await migrate(handle);
  await new AuthService(handle.db, config).createUser(USER);
  const started = performance.now();
  await fill(handle.db, sizes);
  // Visibility maps and statistics, as autovacuum leaves a table that has settled.
  await handle.db.execute(sql`vacuum analyze`);
  const fillSeconds = (performance.now() - started) / 1000;
  const problems = await ledgerCheck(handle.db);
  if (problems.length) throw new Error(`The fill broke the ledger: ${problems.join('; ')}`);
  const customerIds = rowsOf<{ id: string }>(
    await handle.db.execute(sql`select id from customers order by created_at limit 2000`),
  ).map((r) => r.id);
  const { id: kindId } = onlyRow(
    rowsOf<{ id: string }>(await handle.db.execute(sql`select id from customer_kinds order by kind_name limit 1`)),
  );
  if (fillOnly) {
    await handle.close();
    process.send!({ port, fillSeconds, customerIds, kindId } satisfies Ready);
    process.disconnect();
    return;
  }
  const app = await buildApp({ db: handle, config });
  await app.listen({ port, host: '127.0.0.1' });
  process.send!({ port, fillSeconds, customerIds, kindId } satisfies Ready);
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  });
}

interface Call {
  name: string;
  /** What each of the clients sends; `poll` calls run beside the measured one (mixed load). */
  request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: object };
  poll?: { clients: number; request: (i: number) => { method: 'GET'; path: string; accept?: string } };
}

function callsFor(ready: Ready): Call[] {
  const get = (path: string) => () => ({ method: 'GET' as const, path });
  const customer = (i: number) => pickCyclic(ready.customerIds, i);
  const reports = [
    '/api/dashboard/summary',
    '/api/customer-balances?page=5000&limit=10',
    '/api/invoices?search=INV&limit=10',
    '/api/payments?page=5000&limit=10',
  ];
  const report = (i: number) => ({ method: 'GET' as const, path: pickCyclic(reports, i) });
  // Whole lists as CSV (every matching row, streamed): what an accountant's month-end export asks.
  const exports = ['/api/invoices', '/api/payments', '/api/customers', '/api/customer-balances'];
  const exporter = (i: number) => ({ method: 'GET' as const, path: pickCyclic(exports, i), accept: 'text/csv' });
  const advance = (i: number) => ({
    method: 'POST' as const,
    path: '/api/payments/advance',
    body: { customer: customer(i), paymentDate: '2026-11-21', paymentMode: 'Cash', amount: 1000 },
  });
  return [
    // The machine's floors, to compare runs on different machines: an answer over HTTP that
    // touches no database, then one that runs one statement (`select 1`). Every call below pays
    // both, and a call's statements each cost about the second's difference from the first.
    { name: 'floor: health (HTTP, no database)', request: get('/api/health') },
    { name: 'floor: readiness (one statement)', request: get('/api/ready') },
    { name: 'customers page 1 (list + total)', request: get('/api/customers?page=1&limit=10') },
    { name: 'customers search "trader" (four names)', request: get('/api/customers?search=trader&limit=10') },
    {
      // 10,000 of the oldest fifth of the customers ("Customer 1", "Customer 10" … "Customer 19999"),
      // 80,000 newer ones ahead of them in the list's order.
      name: 'customers search "customer 1" (far down the order)',
      request: get('/api/customers?search=customer%201&limit=10'),
    },
    {
      name: 'customers search in Arabic',
      request: get(`/api/customers?search=${encodeURIComponent('تاجر 99')}&limit=10`),
    },
    {
      // A third of the customers: a total counted by filter, not by search.
      name: 'customers kind filter',
      request: get(`/api/customers?customerKind=${ready.kindId}&limit=10`),
    },
    {
      name: 'customers status + kind filters',
      request: get(`/api/customers?status=high&customerKind=${ready.kindId}&limit=10`),
    },
    {
      // The fill gives every customer of a kind one status: no customer has this pair.
      name: 'customers status + kind that no customer has',
      request: get(`/api/customers?status=low&customerKind=${ready.kindId}&limit=10`),
    },
    { name: 'customers page 5000', request: get('/api/customers?page=5000&limit=10') },
    { name: 'invoices page 1', request: get('/api/invoices?page=1&limit=10') },
    { name: 'invoices search "INV" (matches all)', request: get('/api/invoices?search=INV&limit=10') },
    { name: 'invoices search by number', request: get('/api/invoices?search=INV-01999&limit=10') },
    { name: 'invoices status filter (unpaid)', request: get('/api/invoices?status=unpaid&limit=10') },
    { name: 'invoices page 5000', request: get('/api/invoices?page=5000&limit=10') },
    // A month of a year's invoices (some 16,500), as a monthly report opens the list.
    { name: 'invoices date range (a month)', request: get('/api/invoices?from=2026-10-01&to=2026-10-31&limit=10') },
    { name: 'payments page 1', request: get('/api/payments?page=1&limit=10') },
    { name: 'payments search by number', request: get('/api/payments?search=PAY-0199&limit=10') },
    { name: 'payments type filter (advance)', request: get('/api/payments?paymentType=advance&limit=10') },
    { name: 'payments page 5000', request: get('/api/payments?page=5000&limit=10') },
    { name: 'payments date range (a month)', request: get('/api/payments?from=2026-10-01&to=2026-10-31&limit=10') },
    { name: 'customer balances page 1', request: get('/api/customer-balances?page=1&limit=10') },
    { name: 'customer balances page 5000', request: get('/api/customer-balances?page=5000&limit=10') },
    { name: 'dashboard summary', request: get('/api/dashboard/summary') },
    { name: 'receivables aging page 1 (+ totals of all)', request: get('/api/receivables/aging?limit=10') },
    {
      name: 'receivables aging sorted by over 90 days',
      request: get('/api/receivables/aging?limit=10&sort=over90&order=desc'),
    },
    {
      name: 'customer statement (last 3 months)',
      request: (i) => ({ method: 'GET', path: `/api/customers/${customer(i)}/statement` }),
    },
    {
      name: 'record an advance (2 clients) while 8 poll reports',
      request: advance,
      poll: { clients: 8, request: report },
    },
    {
      name: 'record an advance (2 clients) beside 8 CSV exporters',
      request: advance,
      poll: { clients: 8, request: exporter },
    },
    {
      name: 'health (1 client) while 9 poll reports',
      request: get('/api/health'),
      poll: { clients: 9, request: report },
    },
    ...(args.cluster ? [{ name: 'record an advance (every client)', request: advance }] : []),
  ];
}

/** What --cluster measures: the dashboard, the lists staff open first, and a money write. */
const CLUSTER_CALLS = [
  'dashboard summary',
  'customers page 1 (list + total)',
  'invoices page 1',
  'payments page 1',
  'customer balances page 1',
  'receivables aging page 1 (+ totals of all)',
  'record an advance (every client)',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;
/** The machine's load over the last minute (Windows has none and reports 0). */
const loadNow = () => loadavg()[0] ?? 0;

interface Result {
  name: string;
  median: number;
  p95: number;
  p99: number;
  rps: number;
  /** Median of the same call from one client alone. */
  alone: number;
  errors: number;
  load: number;
}

async function measure(ready: Ready, token: string, kind: string, names?: string[]): Promise<Result[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // node:http over keep-alive sockets rather than fetch: the load shares the 2 cores with the API
  // and the database, and fetch spent 0.55-0.68 ms of CPU per call against 0.2 ms here.
  const agent = new Agent({ keepAlive: true, maxSockets: whole('clients') });
  // A poller's call in flight when the measure ends is cut off (`signal`): an export of every row
  // would otherwise run on, and exports waiting their turn behind it would hold the next measure.
  const send = (request: { method: string; path: string; body?: object; accept?: string }, signal?: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      const failed = (error: Error) => (signal?.aborted ? resolve(0) : reject(error));
      const body = request.body ? JSON.stringify(request.body) : undefined;
      const sending = httpRequest(
        {
          host: '127.0.0.1',
          port: ready.port,
          path: request.path,
          method: request.method,
          headers: request.accept ? { ...headers, accept: request.accept } : headers,
          agent,
          signal,
        },
        (response) => {
          response
            .on('data', () => {})
            .on('end', () => resolve(response.statusCode ?? 0))
            .on('error', failed);
        },
      );
      sending.on('error', failed).end(body);
    });
  const seconds = whole('seconds');
  const clients = whole('clients');
  const results: Result[] = [];
  const only = args.only?.split(',').filter(Boolean);
  const chosen = (call: Call) =>
    names ? names.includes(call.name) : !only || only.some((text) => call.name.includes(text));
  for (const call of callsFor(ready).filter(chosen)) {
    const measuredClients = call.poll ? clients - call.poll.clients : clients;
    const run = async (durationMs: number, record: boolean, alone = false) => {
      const times: number[] = [];
      let errors = 0;
      let counter = 0;
      const stopAt = performance.now() + durationMs;
      const stop = new AbortController();
      const stopping = setTimeout(() => stop.abort(), durationMs);
      const worker = async (
        request: (i: number) => { method: string; path: string; body?: object; accept?: string },
        measured: boolean,
      ) => {
        while (performance.now() < stopAt) {
          const started = performance.now();
          const status = await send(request(counter++), measured ? undefined : stop.signal);
          if (!measured) continue;
          if (status >= 400) errors++;
          if (record) times.push(performance.now() - started);
        }
      };
      await Promise.all([
        ...Array.from({ length: alone ? 1 : measuredClients }, () => worker(call.request, true)),
        ...Array.from({ length: alone ? 0 : (call.poll?.clients ?? 0) }, () => worker(call.poll!.request, false)),
      ]);
      clearTimeout(stopping);
      return { times, errors };
    };
    await run(1000, false);
    const { times, errors } = await run(seconds * 1000, true);
    times.sort((a, b) => a - b);
    // The same call from one client with nothing beside it: the work of one call, without queueing.
    const alone = (await run(Math.min(2000, seconds * 1000), true, true)).times.sort((a, b) => a - b);
    const result = {
      name: call.name,
      median: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      rps: round(times.length / seconds),
      alone: round(percentile(alone, 50)),
      errors,
      load: Math.round(loadNow() * 100) / 100,
    };
    console.log(
      `${kind}\t${result.name}\t${result.median}\t${result.p95}\t${result.p99}\t${result.rps}/s\talone ${result.alone}\terrors ${errors}\tload ${result.load}`,
    );
    results.push(result);
  }
  return results;
}

/** The server child (serve above): filled and serving, or with fillOnly filled and gone. */
async function startServer(kind: Kind, options: { fillOnly?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--serve',
      '--db',
      kind,
      '--port',
      args.port,
      ...(options.fillOnly ? ['--fill-only'] : []),
      ...['customers', 'invoices', 'payments'].flatMap((k) => [`--${k}`, String(sizes[k as keyof Sizes])]),
    ],
    { execArgv: process.execArgv, stdio: 'inherit', env: options.env ?? process.env },
  );
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`The ${kind} server stopped (exit ${code}) before it was ready`)));
  });
  console.log(`${kind}: filled in ${ready.fillSeconds.toFixed(1)} s, invariants hold`);
  return { child, ready };
}

async function signIn(port: number): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER.username, password: USER.password }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function benchOne(kind: Kind, names?: string[]): Promise<{ ready: Ready; results: Result[] }> {
  const { child, ready } = await startServer(kind);
  try {
    return { ready, results: await measure(ready, await signIn(ready.port), kind, names) };
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The cluster's ports for the bench: clear of the e2e tests', the cluster drills' and 4300. */
const BENCH_CLUSTER = {
  CLUSTER_PORT: '4480',
  CLUSTER_API_PORT: '4481',
  CLUSTER_PG_PORT: '4541',
  CLUSTER_PGBOUNCER_PORT: '4641',
};

/**
 * One instance on one database, then a cluster of its own (pnpm cluster up) filled alike and
 * measured through nginx, with reports on the replica; the cluster is deleted after.
 */
async function benchCluster(): Promise<void> {
  const loadAtStart = loadNow();
  const single = await benchOne('postgres', CLUSTER_CALLS);
  const dir = mkdtempSync(join(tmpdir(), 'bench-cluster-'));
  // The jobs and the mail worker off, as in the single instance (the bench serves the app alone).
  const env = {
    ...process.env,
    ...BENCH_CLUSTER,
    CLUSTER_DIR: dir,
    RELEASES_DIR: join(dir, 'releases'),
    SEED: 'false',
    SCHEDULER: 'off',
    MAIL_POLL_SECONDS: '0',
    ADMIN_PASSWORD: `${USER.password} admin`,
  };
  const cli = fileURLToPath(new URL('../../../ops/src/cluster/cli.mjs', import.meta.url));
  const clusterCommand = (...command: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...command], { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`pnpm cluster ${command.join(' ')} failed`);
  };
  try {
    clusterCommand('up');
    const { AUDIT_KEY } = JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8')) as { AUDIT_KEY: string };
    const { child, ready: filled } = await startServer('postgres', {
      fillOnly: true,
      env: {
        ...env,
        AUDIT_KEY,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${BENCH_CLUSTER.CLUSTER_PG_PORT}/admin_system`,
      },
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const ready = { ...filled, port: Number(BENCH_CLUSTER.CLUSTER_PORT) };
    const token = await signIn(ready.port);
    // Reports go to the replica once it has replayed the fill.
    for (let tries = 0; tries < 600; tries++) {
      const answer = await fetch(`http://127.0.0.1:${ready.port}/api/customers?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.arrayBuffer();
      if (answer.headers.get('x-read-from') === 'replica') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const results = await measure(ready, token, 'cluster', CLUSTER_CALLS);
    writeCluster(single.ready, single.results, results, loadAtStart);
  } finally {
    clusterCommand('down', '--delete');
  }
}

const LABELS: Record<Kind, string> = { pglite: 'PGlite (embedded, in memory)', postgres: 'PostgreSQL 15' };

function write(kind: Kind, ready: Ready, results: Result[], loadAtStart: number): void {
  const date = new Date().toISOString();
  const label = args.label!;
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 1e9)} GB, Node ${process.version}`;
  const loads = results.map((r) => r.load);
  // JSON: one entry per database, the latest run.
  const previous = existsSync(JSON_FILE) ? (JSON.parse(readFileSync(JSON_FILE, 'utf8')) as { database: string }[]) : [];
  const entry = {
    database: kind,
    label,
    date,
    machine,
    sizes,
    clients: whole('clients'),
    secondsPerCall: whole('seconds'),
    calls: results.map(({ name, median, p95, p99, rps, alone, errors, load }) => ({
      name,
      median,
      p95,
      p99,
      rps,
      medianAlone: alone,
      errors,
      load,
    })),
  };
  const entries = [...previous.filter((e) => e.database !== kind), entry].sort((a, b) =>
    a.database.localeCompare(b.database),
  );
  writeFileSync(JSON_FILE, JSON.stringify(entries, null, 2) + '\n');
  // Markdown: one section per database and label, so "before" stays beside "after".
  const key = `${kind}:${label}`;
  const section = `<!-- ${key} -->
### ${LABELS[kind]} — ${label}

${date.slice(0, 16).replace('T', ' ')} UTC; ${machine}; ${sizes.customers.toLocaleString('en')} customers, ${sizes.invoices.toLocaleString('en')} invoices,
${sizes.payments.toLocaleString('en')} payments, filled in ${ready.fillSeconds.toFixed(1)} s. Load average (1 min) at the start ${loadAtStart.toFixed(2)},
during the calls ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (the machine is shared).

| call (${whole('clients')} clients, ${whole('seconds')} s) | median | p95 | p99 | req/s | errors | 1 client alone, median |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${results.map((r) => `| ${r.name} | ${r.median} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.errors} | ${r.alone} |`).join('\n')}
<!-- /${key} -->`;
  const text = existsSync(MARKDOWN) ? readFileSync(MARKDOWN, 'utf8') : '# API benchmark\n';
  const pattern = new RegExp(`<!-- ${key} -->[\\s\\S]*?<!-- /${key} -->`);
  const next = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(MARKDOWN, next);
  console.log(`Written to ${MARKDOWN} and ${JSON_FILE}`);
}

/** The --cluster section of docs/benchmarks-api.md: one instance and the cluster, call by call. */
function writeCluster(ready: Ready, single: Result[], cluster: Result[], loadAtStart: number): void {
  const date = new Date().toISOString();
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 1e9)} GB, Node ${process.version}`;
  const loads = [...single, ...cluster].map((r) => r.load);
  const key = `cluster:${args.label!}`;
  const rows = single.map((one) => {
    const many = cluster.find((r) => r.name === one.name);
    return `| ${one.name} | ${one.median} | ${one.p95} | ${one.rps} | ${many?.median} | ${many?.p95} | ${many?.rps} | ${one.errors + (many?.errors ?? 0)} |`;
  });
  const section = `<!-- ${key} -->
### One instance against the cluster (\`pnpm bench:api --cluster\`) — ${args.label!}

${date.slice(0, 16).replace('T', ' ')} UTC; ${machine}; ${sizes.customers.toLocaleString('en')} customers, ${sizes.invoices.toLocaleString('en')} invoices,
${sizes.payments.toLocaleString('en')} payments (one fill: ${ready.fillSeconds.toFixed(1)} s). One instance: the API on PostgreSQL 15 directly.
Cluster: nginx, three instances, reports on the synchronous replica (\`pnpm cluster up\`), all on this machine.
Load average (1 min) at the start ${loadAtStart.toFixed(2)}, during the calls ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}.

| call (${whole('clients')} clients, ${whole('seconds')} s; ms) | one: median | one: p95 | one: req/s | cluster: median | cluster: p95 | cluster: req/s | errors |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
<!-- /${key} -->`;
  const text = existsSync(MARKDOWN) ? readFileSync(MARKDOWN, 'utf8') : '# API benchmark\n';
  const pattern = new RegExp(`<!-- ${key} -->[\\s\\S]*?<!-- /${key} -->`);
  writeFileSync(MARKDOWN, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`);
  console.log(`Written to ${MARKDOWN}`);
}

if (args.serve) {
  await serve(args.db as Kind, whole('port'));
} else if (args.cluster) {
  await benchCluster();
} else {
  const kinds: Kind[] = args.db === 'both' ? ['pglite', 'postgres'] : [args.db as Kind];
  if (!kinds.every((kind) => kind === 'pglite' || kind === 'postgres'))
    throw new Error('--db must be pglite, postgres or both');
  for (const kind of kinds) {
    const loadAtStart = loadNow();
    const { ready, results } = await benchOne(kind);
    if (!args.only) write(kind, ready, results, loadAtStart);
  }
}
