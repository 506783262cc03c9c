import { createHash, timingSafeEqual } from 'node:crypto';
import { CORE_PATHS } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../http/errors';
import type { ModuleContext } from '../context';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics: Prometheus text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Not a staff permission: a session expires after 30 idle
 * minutes, a scraper's token must not, and staff have no use for the numbers. Without
 * METRICS_TOKEN the route answers 404, so nothing is exposed by default.
 */
export default async function metricsRoutes(app: FastifyInstance, { config }: ModuleContext) {
  const expected = config.metricsToken ? digest(config.metricsToken) : undefined;
  app.get(CORE_PATHS.metrics, { config: { public: true } }, async (request, reply) => {
    if (!expected) throw notFound();
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    // Compared as digests: equal lengths, and no timing difference that tells how much matched.
    if (!token || !timingSafeEqual(digest(token), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    const { registry } = app.metrics;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
