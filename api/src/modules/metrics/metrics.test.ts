import { describe, expect, it } from '@rstest/core';
import { setUpApp } from '../../test';
import { countingJobLogger, reasonLabel } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const ANY_ID = '00000000-0000-4000-8000-000000000000';

const t = setUpApp({ metricsToken: TOKEN });
const off = setUpApp();

const scrape = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

/** Name and labels in one comparable form, whatever order the labels are written in. */
function seriesKey(series: string): string {
  const at = series.indexOf('{');
  if (at < 0) return series;
  const labels = series.slice(at + 1, -1).match(/[a-z_]+="(?:[^"\\]|\\.)*"/g) ?? [];
  return `${series.slice(0, at)}{${labels.sort().join(',')}}`;
}

/** The value of one series in the text format, e.g. value(text, 'x_total{a="b"}'). */
function value(text: string, series: string): number | undefined {
  const wanted = seriesKey(series);
  const line = text.split('\n').find((l) => !l.startsWith('#') && seriesKey(l.slice(0, l.lastIndexOf(' '))) === wanted);
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('who may read /api/metrics', () => {
  it('nobody without METRICS_TOKEN: the route answers 404', async () => {
    const response = await off.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('a scraper with the token; no token, a wrong one or a staff session is a 401', async () => {
    const staff = await t.login();
    for (const response of [
      await scrape(),
      await scrape('wrong'),
      await scrape(`${TOKEN}x`),
      await t.app.inject({ method: 'GET', url: '/api/metrics', headers: staff }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().message).toBe('A valid metrics token is required');
    }
    const ok = await scrape(TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.headers['cache-control']).toBe('no-store');
  });
});

describe('what it measures', () => {
  it('request durations per route pattern, method and status; unknown addresses under one label', async () => {
    const headers = await t.login();
    await t.app.inject({ method: 'GET', url: '/api/customers', headers });
    await t.app.inject({ method: 'GET', url: `/api/customers/${ANY_ID}`, headers });
    await t.app.inject({ method: 'GET', url: '/api/scanner/probe-1' });
    await t.app.inject({ method: 'GET', url: '/wp-admin/probe-2' });
    const text = (await scrape(TOKEN)).body;
    const db = `database="${t.dbKind}"`;
    expect(
      value(text, `http_request_duration_seconds_count{${db},method="GET",route="/api/customers",status="200"}`),
    ).toBe(1);
    expect(
      value(text, `http_request_duration_seconds_count{${db},method="GET",route="/api/customers/:id",status="404"}`),
    ).toBe(1);
    expect(
      value(text, `http_request_duration_seconds_count{${db},method="GET",route="(unmatched)",status="404"}`),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('probe-1');
    // The process's own: memory, CPU, event loop lag.
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('payment writes refused, by route, status and reason (numbers and names taken out)', async () => {
    const headers = await t.login();
    await t.app.inject({ method: 'POST', url: '/api/payments/advance', headers, payload: {} });
    await t.app.inject({ method: 'POST', url: '/api/payments/advance', headers, payload: {} });
    await t.app.inject({ method: 'PUT', url: `/api/payments/${ANY_ID}`, headers, payload: { amount: 5 } });
    // Not money: not counted.
    await t.app.inject({ method: 'POST', url: '/api/customer-kinds', headers, payload: {} });
    const text = (await scrape(TOKEN)).body;
    const refused = text.split('\n').filter((line) => line.startsWith('money_writes_refused_total{'));
    expect(
      refused.some(
        (line) =>
          line.includes('route="/api/payments/advance"') && line.includes('status="400"') && line.endsWith(' 2'),
      ),
    ).toBe(true);
    expect(
      refused.some(
        (line) =>
          line.includes('route="/api/payments/:id"') &&
          line.includes('reason="Amounts cannot be changed; delete the payment and record it again"'),
      ),
    ).toBe(true);
    expect(refused.some((line) => line.includes('customer-kinds'))).toBe(false);
    expect(reasonLabel('Refund of 12.500 KD exceeds the balance of "Al-Ghanim" (3 invoices)')).toBe(
      'Refund of N KD exceeds the balance of "…" (N invoices)',
    );
  });

  it('PostgreSQL pool: connections by state and the wait for a connection', async () => {
    const headers = await t.login();
    await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/customers', headers })),
    );
    const text = (await scrape(TOKEN)).body;
    if (t.dbKind === 'postgres') {
      expect(value(text, 'db_pool_connections{database="postgres",state="max"}')).toBe(5);
      expect(value(text, 'db_pool_wait_seconds_count{database="postgres"}')).toBeGreaterThan(20);
    } else {
      // One connection, no pool: the series exist but stay empty.
      expect(value(text, 'db_pool_wait_seconds_count{database="pglite"}')).toBe(0);
    }
  });

  it('job runs and the invoices they generated, read from what the job reports', async () => {
    const seen: string[] = [];
    const log = countingJobLogger(t.app.metrics, {
      info: (_o, message) => seen.push(message),
      error: (_o, message) => seen.push(message),
    });
    log.info({ generated: 3 }, 'scheduled invoices generated');
    log.error({ err: new Error('x'), scheduleId: ANY_ID }, 'scheduled invoice generation failed');
    log.error({ err: new Error('y') }, 'scheduled invoice job failed');
    expect(seen).toEqual([
      'scheduled invoices generated',
      'scheduled invoice generation failed',
      'scheduled invoice job failed',
    ]);
    const text = (await scrape(TOKEN)).body;
    const db = `database="${t.dbKind}"`;
    expect(value(text, `job_invoices_generated_total{${db}}`)).toBe(3);
    expect(value(text, `job_runs_total{${db},job="scheduled-invoices",outcome="generated"}`)).toBe(1);
    expect(value(text, `job_runs_total{${db},job="scheduled-invoices",outcome="schedule_failed"}`)).toBe(1);
    expect(value(text, `job_runs_total{${db},job="scheduled-invoices",outcome="failed"}`)).toBe(1);
  });
});
