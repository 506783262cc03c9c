import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Every request has an id: on each of its log lines (`requestId`), in the X-Request-Id header of
 * its answer, and in the body of every error answer, so a message a user reports leads to the
 * log lines of that request.
 *
 * The id is ours (a random UUID), unless the API sits behind trusted proxies (TRUSTED_PROXY_HOPS
 * > 0) that send X-Request-Id: then the proxy's id is kept, and one id follows the request from
 * the proxy's access log to ours. A client cannot choose the id of a request that reaches us
 * directly, nor put anything but a short token in our logs.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOptions(trustedProxyHops: number) {
  return {
    requestIdHeader: false as const,
    genReqId(request: IncomingMessage): string {
      const sent = request.headers['x-request-id'];
      if (trustedProxyHops > 0 && typeof sent === 'string' && ACCEPTED_ID.test(sent)) return sent;
      return randomUUID();
    },
  };
}

/** Sets X-Request-Id on every answer and puts `requestId` into every error body (`{ message, … }`). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (
      reply.statusCode >= 400 &&
      payload &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      'message' in payload
    ) {
      return 'requestId' in payload ? payload : { ...payload, requestId: request.id };
    }
    return payload;
  });
}
