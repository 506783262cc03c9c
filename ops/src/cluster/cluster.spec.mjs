// The cluster drills, on real servers: `pnpm cluster up` from nothing, reads on the replica and
// writes on the primary through nginx, a rolling restart under steady load with an area released
// meanwhile, an instance killed in the middle of the invoice job and another while it sends a
// message, and the loss of the primary. One cluster for the file, on
// ports clear of the e2e tests (3300–3420) and the machine's PostgreSQL (5432), deleted at the end
// whatever happened.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { REPO_ROOT } from '../layout.mjs';
import { instancePid, startInstance, stopInstance } from './api-instances.mjs';
import { setUpstream } from './nginx.mjs';
import { psql } from './postgres.mjs';
import { DATABASE, readCluster } from './settings.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { steadyLoad, writesUntil } from './load.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-drill-'));
const PASSWORD = 'Cluster-Drill-Admin-2026';
const env = {
  ...process.env,
  CLUSTER_DIR: dir,
  CLUSTER_PORT: '3480',
  CLUSTER_PG_PORT: '5541',
  CLUSTER_PGBOUNCER_PORT: '6541',
  CLUSTER_API_PORT: '3481',
  RELEASES_DIR: path.join(dir, 'releases'),
  ADMIN_PASSWORD: PASSWORD,
  // The jobs' turn every few seconds, so a killed instance's work is picked up within the test.
  SCHEDULER_INTERVAL_MS: '3000',
  SEED: 'false',
};
const NGINX = 'http://127.0.0.1:3480';

/**
 * Runs one of the ops CLIs (`script`, from the repository's root) with the cluster's environment;
 * resolves with its exit code and output.
 * @param {string} script
 * @param {string[]} args
 * @returns {Promise<{ code: number, output: string }>}
 */
function runCli(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `pnpm cluster <args>`. @param {...string} args */
const cluster = (...args) => runCli('ops/src/cluster/cli.mjs', args);
/** `pnpm release | rollback <args>` on the cluster's release folder. @param {...string} args */
const releases = (...args) => runCli('ops/src/cli.mjs', args);

/** @type {string} */
let token = '';

/**
 * A request through nginx as the signed-in admin.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
async function request(method, url, body, headers = {}) {
  const response = await fetch(`${NGINX}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** The cookie a write sets (read-your-writes), as a Cookie header. @param {Headers} headers */
const cookieOf = (headers) => (headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** @param {string} statement */
const sql = (statement) => psql(readCluster(dir)?.primaryPort ?? 5541, DATABASE, statement).trim();

/** @param {() => Promise<boolean> | boolean} check @param {string} what */
async function until(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting: ${what}`);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The version of each area in the platform.json that the instance on `port` answers.
 * @param {number} port
 * @returns {Promise<Record<string, string>>}
 */
async function areaVersionsOn(port) {
  const platform = await (await fetch(`http://127.0.0.1:${port}/platform.json`)).json();
  return Object.fromEntries(
    Object.entries(platform.remotes).map(([area, remote]) => [
      area,
      /** @type {{ version: string }} */ (remote).version,
    ]),
  );
}

/**
 * The process on this machine at the other end of a connection to us from `port`.
 * @param {number} port
 */
function pidConnectedFrom(port) {
  const sockets = spawnSync('ss', ['-Htnp', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(sockets.stdout)?.[1];
  if (!pid) throw new Error(`No process holds the connection from port ${port}: ${sockets.stdout}${sockets.stderr}`);
  return Number(pid);
}

/** @type {{ kind: string, nationality: string, city: string }} */
let lookups;

/** @param {string} name */
async function newCustomer(name) {
  const created = await request('POST', '/api/customers', {
    customerName: name,
    dateOfCreation: `${today()}T00:00:00.000Z`,
    customerKind: lookups.kind,
    customerNationality: lookups.nationality,
    customerCity: lookups.city,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created;
}

let up = { code: 1, output: '' };

beforeAll(async () => {
  up = await cluster('up');
  if (up.code !== 0) return;
  const login = await fetch(`${NGINX}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  token = (await login.json()).data.token;
  const make = async (/** @type {string} */ url, /** @type {object} */ body) =>
    (await request('POST', url, body)).body.data._id;
  lookups = {
    kind: await make('/api/customer-kinds', { kindName: 'Drill kind' }),
    nationality: await make('/api/customer-nationalities', { nationalityName: 'Drill nationality' }),
    city: await make('/api/customer-cities', { cityName: 'Drill city' }),
  };
});

afterAll(async () => {
  const down = await cluster('down', '--delete');
  if (down.code !== 0) console.error(down.output);
});

describe('pnpm cluster', () => {
  it('starts from nothing with one command and answers through nginx', async () => {
    expect(up.code, up.output).toBe(0);
    expect(up.output).toContain(`running at ${NGINX}`);
    const page = await fetch(`${NGINX}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // A remote's entry comes from the release folder, served by nginx itself.
    const platform = await (await fetch(`${NGINX}/platform.json`)).json();
    const entry = await fetch(`${NGINX}${platform.remotes.sales.entry}`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('server')).toMatch(/^nginx/);
    expect(entry.headers.get('cache-control')).toContain('immutable');
    const status = await cluster('status');
    expect(status.output).toMatch(/PostgreSQL :5541 +primary \(replica streaming sync\)/);
    expect(status.output).toMatch(/PostgreSQL :5542 +replica/);
    expect(status.output.match(/up, ready/g)).toHaveLength(4);
  });

  it('reads reports on the replica and writes on the primary; a read right after a write sees it, on every instance', async () => {
    await until(
      async () => (await request('GET', '/api/customers?limit=5')).headers.get('x-read-from') === 'replica',
      'a report read on the replica',
    );
    const created = await newCustomer('Read After Write');
    expect(created.headers.get('x-read-from')).toBe('primary');
    const cookie = cookieOf(created.headers);
    expect(cookie).toMatch(/^read-primary-until=\d+$/);
    // Each instance directly, with the cookie the write set: the primary, and the new customer is there.
    for (const port of [3481, 3482, 3483]) {
      const read = await fetch(`http://127.0.0.1:${port}/api/customers/${created.body.data._id}`, {
        headers: { authorization: `Bearer ${token}`, cookie },
      });
      expect(read.status).toBe(200);
      expect(read.headers.get('x-read-from')).toBe('primary');
    }
    const list = await request('GET', '/api/customers?search=Read%20After%20Write', undefined, { cookie });
    expect(list.headers.get('x-read-from')).toBe('primary');
    expect(list.body.data.map((/** @type {{ _id: string }} */ row) => row._id)).toContain(created.body.data._id);
  });

  it('skips a replica more than REPLICA_MAX_LAG_MS behind, and reads it again once it caught up', async () => {
    const replicaPort = /** @type {number} */ (readCluster(dir)?.replicaPort);
    psql(replicaPort, DATABASE, 'select pg_wal_replay_pause()');
    try {
      await newCustomer('Written While The Replica Waits');
      await until(
        async () => (await request('GET', '/api/customers?limit=5')).headers.get('x-read-from') === 'primary',
        'reports on the primary',
      );
    } finally {
      psql(replicaPort, DATABASE, 'select pg_wal_replay_resume()');
    }
    await until(
      async () => (await request('GET', '/api/customers?limit=5')).headers.get('x-read-from') === 'replica',
      'reports back on the replica',
    );
  });

  it('restarts the instances one at a time under 50 requests a second with 0 failed requests, an area released meanwhile', async () => {
    const { apiPorts } = /** @type {import('./settings.mjs').Cluster} */ (readCluster(dir));
    const before = await areaVersionsOn(/** @type {number} */ (apiPorts[0]));
    // A new build of the sales area: the one on disk with a file added, so its content and version differ.
    const build = path.join(dir, 'sales-build');
    fs.cpSync(path.join(REPO_ROOT, 'remote-sales/dist'), build, { recursive: true });
    fs.writeFileSync(
      path.join(build, 'release-note.txt'),
      `Released during a rolling restart at ${new Date().toISOString()}\n`,
    );

    const load = steadyLoad({ base: NGINX, token, perSecond: 50, customer: lookups });
    // The release's health gate takes most of its time (16–25 s here), a restart about 20 s: the
    // restart starts a little after the release, and the instances roll again until the release is
    // in, so it lands during a restart on a fast or a slow machine.
    let releasedAt = 0;
    const releasing = releases('release', 'sales', '--dist', build).finally(() => (releasedAt = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const restartStartedAt = Date.now();
    const restarts = [];
    do restarts.push(await cluster('restart-api'));
    while (!releasedAt);
    const restartEndedAt = Date.now();
    const release = await releasing;
    const counted = await load.stop();
    expect(release.code, release.output).toBe(0);
    for (const restart of restarts) {
      expect(restart.code, restart.output).toBe(0);
      expect(restart.output.match(/restarted \(pid \d+\)/g)).toHaveLength(3);
    }
    console.log(
      `rolling restart: ${counted.sent} requests in ${counted.seconds.toFixed(1)} s, ${counted.failed} failed (${counted.resent} sent again after a proxy reload closed their connection); sales released ${((restartEndedAt - releasedAt) / 1000).toFixed(1)} s before the end of restart ${restarts.length}`,
    );
    expect(releasedAt).toBeGreaterThan(restartStartedAt);
    expect(counted.failures).toEqual([]);
    expect(counted.sent).toBeGreaterThan(counted.seconds * 45);

    // Every instance answers the new sales version and nothing else changed; nginx serves its files.
    const released = await areaVersionsOn(/** @type {number} */ (apiPorts[0]));
    expect(released.sales).not.toBe(before.sales);
    for (const port of apiPorts) expect(await areaVersionsOn(port)).toEqual({ ...before, sales: released.sales });
    const platform = await (await fetch(`${NGINX}/platform.json`)).json();
    expect(platform.remotes.sales.version).toBe(released.sales);
    expect((await fetch(`${NGINX}${platform.remotes.sales.entry}`)).status).toBe(200);

    const rollback = await releases('rollback', 'sales');
    expect(rollback.code, rollback.output).toBe(0);
    for (const port of apiPorts) expect(await areaVersionsOn(port)).toEqual(before);
  });

  it('an instance killed in the middle of the invoice job: another finishes it within a minute, each period and each overdue flip once', async () => {
    const current = /** @type {import('./settings.mjs').Cluster} */ (readCluster(dir));
    const [first, second, third] = /** @type {[number, number, number]} */ (current.apiPorts);
    // One instance runs the job alone, so the one killed is the one generating.
    await setUpstream(current, [second, third]);
    await stopInstance(current, second);
    await stopInstance(current, third);
    const customer = (await newCustomer('Billed Since 2016')).body.data._id;
    const productType = (await request('POST', '/api/types', { productTypeName: 'Drill visits' })).body.data._id;
    const product = (
      await request('POST', '/api/products', { productName: 'Drill visit', productPrice: 5_000, productType })
    ).body.data._id;
    // Monthly since January 2016, so each has more than a hundred periods to catch up.
    for (let n = 0; n < 3; n++) {
      const schedule = await request('POST', '/api/scheduled-invoices', {
        scheduleName: `Drill schedule ${n}`,
        customer,
        dateOfCreation: '2016-01-15',
        startDate: '2016-01-15',
        recurringPeriod: 1,
        products: [{ product, quantity: 1, unitPrice: 5_000 }],
      });
      expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
      expect((await request('POST', `/api/scheduled-invoices/${schedule.body.data._id}/activate`)).status).toBe(200);
      expect((await request('POST', `/api/scheduled-invoices/${schedule.body.data._id}/automate`)).status).toBe(200);
    }
    const generated = () => Number(sql('select count(*) from invoices where schedule_id is not null'));
    await until(() => generated() >= 50, 'the job to be generating', 30_000);
    process.kill(/** @type {number} */ (instancePid(current, first)), 'SIGKILL');
    const killedAt = Date.now();
    const atKill = generated();
    await startInstance(current, second);
    await setUpstream(current, [first, third]);
    const due = () =>
      Number(
        sql(
          "select count(*) from scheduled_invoices where automated and status = 'active' and next_invoice_date <= now()",
        ),
      );
    // Past due on the business's day: overdue once the job has gone over them.
    const leftUnflipped = () =>
      Number(
        sql(
          "select count(*) from invoices where schedule_id is not null and status in ('sent', 'unpaid') and due_date < (now() at time zone 'Asia/Kuwait')::date",
        ),
      );
    await until(() => due() === 0 && leftUnflipped() === 0, 'another instance to finish the job', 60_000);
    console.log(
      `killed at ${atKill} invoices of ${generated()}; finished by another instance ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(atKill).toBeLessThan(generated());
    // Each period once, and as many as the schedules count.
    expect(
      sql(
        'select count(*) - count(distinct (schedule_id, schedule_period)) from invoices where schedule_id is not null',
      ),
    ).toBe('0');
    expect(
      sql(
        'select count(*) from scheduled_invoices s where periods_generated <> (select count(*) from invoices i where i.schedule_id = s.id)',
      ),
    ).toBe('0');
    // Each invoice made overdue once: one system entry per invoice in the trail.
    expect(
      sql(
        "select count(*) from (select entity_id from audit_log where entity_type = 'invoice' and action = 'update' and actor_username = 'system' group by entity_id having count(*) <> 1) twice",
      ),
    ).toBe('0');
    expect(
      sql(
        "select count(distinct entity_id) from audit_log where entity_type = 'invoice' and action = 'update' and actor_username = 'system'",
      ),
    ).toBe(sql("select count(*) from invoices where schedule_id is not null and status = 'overdue'"));
    await startInstance(current, first);
    await startInstance(current, third);
    await setUpstream(current, []);
  });

  it('an instance killed while it sends a message: another sends it within a minute, completed once', async () => {
    const current = /** @type {import('./settings.mjs').Cluster} */ (readCluster(dir));
    const sink = await startSmtpSink();
    try {
      const settings = { host: '127.0.0.1', port: sink.port, secure: false, from: 'billing@cluster-drill.test' };
      expect((await request('PUT', '/api/settings/mail', settings)).status).toBe(200);
      const test = await request('POST', '/api/settings/mail/test', { to: 'ops@cluster-drill.test' });
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      // Its copy goes through the outbox: the next worker to look claims it, and the sink holds it.
      const held = sink.holdNext();
      const copy = await request('POST', `/api/outbox/${test.body.data._id}/resend`);
      expect(copy.status, JSON.stringify(copy.body)).toBe(201);
      const id = copy.body.data._id;
      const { remotePort } = await held;
      const sender = pidConnectedFrom(remotePort);
      const killed = current.apiPorts.find((port) => instancePid(current, port) === sender);
      expect(killed, `pid ${sender} is one of the instances`).toBeDefined();
      process.kill(sender, 'SIGKILL');
      const killedAt = Date.now();

      await until(
        () => sql(`select status from outbox where id = '${id}'`) === 'sent',
        'the message sent again',
        60_000,
      );
      const seconds = (Date.now() - killedAt) / 1000;
      const messageId = sql(`select message_id from outbox where id = '${id}'`);
      console.log(
        `outbox: the instance on port ${killed} killed mid-send; sent again ${seconds.toFixed(1)} s later, received whole ${sink.received.filter((m) => m === messageId).length} times, completed once`,
      );
      expect(seconds).toBeLessThan(60);
      expect(sink.completed.filter((m) => m === messageId)).toHaveLength(1);
      expect(sink.received.filter((m) => m === messageId).length).toBeLessThanOrEqual(2);
      expect(
        sql(`select string_agg(outcome::text, ',' order by at, id) from outbox_attempts where outbox_id = '${id}'`),
      ).toBe('lost,sent');
      expect(sql(`select attempts from outbox where id = '${id}'`)).toBe('2');
      await startInstance(current, /** @type {number} */ (killed));
    } finally {
      await sink.stop();
    }
  });

  it('fails over to the replica: writes refused for a few seconds, no acknowledged payment lost, the audit chain intact', async () => {
    const customer = (await newCustomer('Pays During The Failover')).body.data._id;
    const writes = writesUntil({ base: NGINX, token, customer, day: today() });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const drill = await cluster('failover');
    const counted = await writes.stop();
    expect(drill.code, drill.output).toBe(0);
    console.log(
      `failover: writes refused for ${counted.refusedSeconds.toFixed(1)} s; ${counted.acknowledged.length} payments acknowledged`,
    );
    expect(counted.acknowledged.length).toBeGreaterThan(10);
    const kept = sql(
      `select count(*) from payments where id in (${counted.acknowledged.map((id) => `'${id}'`).join(',')})`,
    );
    expect(Number(kept)).toBe(counted.acknowledged.length);
    expect(counted.refusedSeconds).toBeLessThan(60);
    const after = await request('POST', '/api/payments/advance', {
      customer,
      paymentDate: today(),
      paymentMode: 'Cash',
      amount: 1_000,
    });
    expect(after.status).toBe(201);
    const verify = await auditVerify();
    expect(verify.code, verify.output).toBe(0);
    expect(verify.output).toContain('Audit trail intact');
  });
});

/** pnpm audit:verify against the cluster's primary through PgBouncer, with the instances' key. */
function auditVerify() {
  const current = /** @type {import('./settings.mjs').Cluster} */ (readCluster(dir));
  const keys = JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8'));
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--silent', 'audit:verify'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${current.pgbouncerPort}/${DATABASE}`,
        AUDIT_KEY: keys.AUDIT_KEY,
        AUDIT_ANCHOR_FILE: path.join(dir, `api-${current.apiPorts[0]}`, 'audit-anchors'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
