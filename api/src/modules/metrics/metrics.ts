import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../../db/connect';

/**
 * The Prometheus metrics of one API instance, read at GET /api/metrics (routes.ts). Each app has
 * its own registry, so tests can build several apps in one process.
 */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  poolWait: Histogram;
  jobRuns: Counter<'job' | 'outcome'>;
  jobInvoicesGenerated: Counter;
  moneyWritesRefused: Counter<'route' | 'status' | 'reason'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Routes that move money: a refusal there (400, 409) is counted with its reason. */
const MONEY_ROUTES = /^\/api\/payments(\/|$)/;

/**
 * A refusal's reason as a bounded label: the message with numbers and quoted names taken out
 * ('Amount exceeds the balance of 12.500 KD' -> 'Amount exceeds the balance of N KD').
 */
export function reasonLabel(message: string | undefined): string {
  if (!message) return 'unknown';
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+(?:[.,]\d+)*/g, 'N')
    .slice(0, 100);
}

export function createMetrics(db: Pick<DbHandle, 'kind' | 'pool'>): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ database: db.kind });
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, per route (the route pattern, /api/customers/:id).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolWait = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a request waited for a PostgreSQL connection from the pool (PostgreSQL only; PGlite has one connection).',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const { pool } = db;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state: open, idle, waiting requests, and the pool maximum.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      const stats = pool.stats();
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  pool?.onWait((seconds) => poolWait.observe(seconds));

  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of the background jobs by outcome: generated (made invoices), failed (the run failed), schedule_failed (one schedule failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobInvoicesGenerated = new Counter({
    name: 'job_invoices_generated_total',
    help: 'Invoices the scheduled-invoice job generated.',
    registers: [registry],
  });
  const moneyWritesRefused = new Counter({
    name: 'money_writes_refused_total',
    help: 'Payment writes refused (400 validation, 409 conflict) by route and reason (the message, numbers and names taken out).',
    labelNames: ['route', 'status', 'reason'] as const,
    registers: [registry],
  });
  return { registry, requestDuration, poolWait, jobRuns, jobInvoicesGenerated, moneyWritesRefused };
}

/** Creates the app's metrics and times every request (API and web) by its route pattern. */
export function registerMetrics(app: FastifyInstance, db: Pick<DbHandle, 'kind' | 'pool'>): Metrics {
  const metrics = createMetrics(db);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched addresses share one label, so scanners cannot grow the series without bound.
    const route = request.routeOptions.url ?? '(unmatched)';
    const status = String(reply.statusCode);
    metrics.requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (
      MONEY_ROUTES.test(route) &&
      request.method !== 'GET' &&
      (reply.statusCode === 400 || reply.statusCode === 409)
    ) {
      metrics.moneyWritesRefused.inc({ route, status, reason: reasonLabel(request.failureMessage) });
    }
  });
  return metrics;
}

interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The scheduled-invoice job reports through its logger; this logger passes every line on and
 * counts what it reports. (A run that generated nothing logs nothing, so it is not counted.)
 */
export function countingJobLogger(metrics: Metrics, log: JobLogger, job = 'scheduled-invoices'): JobLogger {
  return {
    info(object, message) {
      const generated = (object as { generated?: unknown }).generated;
      if (typeof generated === 'number') {
        metrics.jobRuns.inc({ job, outcome: 'generated' });
        metrics.jobInvoicesGenerated.inc(generated);
      }
      log.info(object, message);
    },
    error(object, message) {
      metrics.jobRuns.inc({ job, outcome: 'scheduleId' in object ? 'schedule_failed' : 'failed' });
      log.error(object, message);
    },
  };
}
