import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/connect';
import { inReportLane, type ReportLane } from '../db/driver/lanes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that must not wait behind reports (readiness): it reads through the main pool. */
    mainPool?: boolean;
  }
  interface FastifyRequest {
    /** The report lane a GET reads in (PostgreSQL); null for writes and on PGlite. */
    reportLane: ReportLane | null;
  }
}

/**
 * GET requests read in the report lane (db/driver/lanes.ts): their own pool and statement timeout, so a
 * burst of reports never holds the connections money writes need. When the client goes away
 * before the answer, what the request still runs is cancelled. PostgreSQL only.
 */
export function registerReportLane(app: FastifyInstance, db: Pick<DbHandle, 'abortReport'>): void {
  const { abortReport } = db;
  app.decorateRequest('reportLane', null);
  if (!abortReport) return;
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config?.mainPool) {
      done();
      return;
    }
    inReportLane((lane) => {
      request.reportLane = lane;
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        abortReport(lane).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not cancel the statement of an abandoned report'),
        );
      });
      done();
    });
  });
}
