import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/connect';

/**
 * Where a request reads: the replica (REPLICA_URL) for report requests (GETs in the report lane,
 * http/report-lane.ts) while it is at most REPLICA_MAX_LAG_MS behind, else the primary. The
 * session is checked on the primary before this choice (a preHandler runs after the auth guard),
 * so a sign-out or a deactivation is never missed on a lagging replica.
 *
 * Read-your-writes: a successful write sets a cookie that sends its user's reads to the primary
 * for READ_YOUR_WRITES_SECONDS. The cookie, rather than memory of the instance that took the
 * write, holds on every instance behind the proxy. It is not signed: forging it only sends the
 * forger's own reads to the primary, which any user's writes do too.
 *
 * Every answer says where it read (`X-Read-From: primary|replica`), for the tests and metrics.
 */
export const READ_PRIMARY_COOKIE = 'read-primary-until';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The time until which the request's user reads the primary, from the cookie (0 when none). */
function readPrimaryUntil(request: FastifyRequest): number {
  const match = new RegExp(`(?:^|;\\s*)${READ_PRIMARY_COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
  return match ? Number(match[1]) : 0;
}

export function registerReadSource(
  app: FastifyInstance,
  db: Pick<DbHandle, 'replica'>,
  config: Pick<Config, 'replicaMaxLagMs' | 'readYourWritesSeconds' | 'publicUrl'>,
): void {
  const { replica } = db;
  if (replica) {
    app.addHook('preHandler', async (request) => {
      const lane = request.reportLane;
      if (!lane) return;
      const lag = replica.lagMs();
      lane.replica = lag !== undefined && lag <= config.replicaMaxLagMs && readPrimaryUntil(request) <= Date.now();
    });
  }
  const secure = config.publicUrl?.startsWith('https://') ? '; Secure' : '';
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-read-from', request.reportLane?.replica ? 'replica' : 'primary');
    if (replica && !READS.has(request.method) && reply.statusCode < 400) {
      const until = Date.now() + config.readYourWritesSeconds * 1000;
      reply.header(
        'set-cookie',
        `${READ_PRIMARY_COOKIE}=${until}; Path=/api; Max-Age=${config.readYourWritesSeconds}; HttpOnly; SameSite=Strict${secure}`,
      );
    }
  });
}
