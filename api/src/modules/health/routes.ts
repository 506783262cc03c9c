import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** Liveness for load balancers and ops: public, and 503 when the database does not answer. */
export default async function healthRoutes(app: FastifyInstance, { db, dbKind }: ModuleContext) {
  app.get('/health', { config: { public: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: dbKind };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: dbKind, message: 'Database unavailable' });
    }
  });
}
