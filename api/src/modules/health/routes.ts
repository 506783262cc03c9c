import { CORE_PATHS } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** How long /ready waits for the database before calling it unreachable. */
export const READY_TIMEOUT_MS = 2_000;

class Timeout extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Public probes for load balancers, orchestrators and ops:
 * - GET /health, liveness: the process answers HTTP. It never touches the database, so a
 *   database outage does not get every instance restarted (which would not fix it), and it
 *   answers at once even when the pool is exhausted.
 * - GET /ready, readiness: the database answers `select 1` within READY_TIMEOUT_MS; otherwise
 *   503, and a load balancer sends the traffic to another instance.
 */
export default async function healthRoutes(app: FastifyInstance, { db, dbKind }: ModuleContext) {
  app.get(CORE_PATHS.health, { config: { public: true } }, async () => ({ status: 'ok', database: dbKind }));

  app.get(CORE_PATHS.ready, { config: { public: true, mainPool: true } }, async (request, reply) => {
    try {
      await within(READY_TIMEOUT_MS, db.execute(sql`select 1`));
      return { status: 'ready', database: dbKind };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', database: dbKind, message: 'Database unavailable' });
    }
  });
}
