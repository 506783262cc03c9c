import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pgErrorOf } from './errors';

/**
 * What the logs may say about a failure. Database errors carry the statement and its parameters
 * in their message (drizzle: "Failed query: … params: <customer names, amounts>") and the values
 * of a violated key in `detail`, so for them only the PostgreSQL code, the constraint, the table
 * and where in our code it happened are kept. Other errors keep their message (our code's own
 * words, which a 500 needs to be fixed) and the stack frames.
 */
export interface SafeError {
  type: string;
  message?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
}

const MAX_MESSAGE = 300;

function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

export function safeError(error: unknown): SafeError {
  if (!error || typeof error !== 'object') return { type: typeof error };
  const err = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    stack?: unknown;
    constructor?: { name?: string };
  };
  const type = (typeof err.name === 'string' && err.name) || err.constructor?.name || 'Error';
  const pg = pgErrorOf(error) as (ReturnType<typeof pgErrorOf> & { table?: string; column?: string }) | undefined;
  const fromDatabase =
    !!pg || type === 'DrizzleQueryError' || (typeof err.message === 'string' && err.message.startsWith('Failed query'));
  const safe: SafeError = { type };
  if (pg) {
    safe.code = pg.code;
    if (pg.constraint) safe.constraint = pg.constraint;
    if (pg.table) safe.table = pg.table;
    if (pg.column) safe.column = pg.column;
  } else if (typeof err.code === 'string') {
    safe.code = err.code;
  }
  if (!fromDatabase && typeof err.message === 'string') safe.message = err.message.slice(0, MAX_MESSAGE);
  const stack = framesOf(err.stack);
  if (stack) safe.stack = stack;
  return safe;
}

/** A URL with its query values left out: searches hold customer names. `/api/customers?search&page`. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => part.replace(/=.*/s, '').slice(0, 40));
  return `${url.slice(0, at)}?${[...new Set(names)].join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/**
 * The logger options of the server: every line of a request carries its `requestId` (Fastify's
 * child logger per request), errors go through safeError, and requests are logged without their
 * query values. Bodies are never logged.
 */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    serializers: {
      err: safeError,
      error: safeError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: urlForLog(request.url),
        route: request.routeOptions?.url,
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      ...((base.serializers as object | undefined) ?? {}),
    },
  } as unknown as FastifyServerOptions['logger'];
}

/**
 * Fastify's request logging with our id label (`requestId`), and without the two places where it
 * would write customer data: the full URL of an unmatched request and an error's message as the
 * line's text (both bypass the serializers above).
 *
 * A request's lines (in, out, refused, not found) are `debug`: at the default `info` the log says
 * what the server and its jobs did and what failed, not every click (a walk through the screens is
 * thousands of lines); LOG_LEVEL=debug shows each request too.
 */
class SafeLogController extends LogController {
  incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ method: request.method, url: urlForLog(request.url) }, 'route not found');
  }

  defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.debug({ res: reply, err: error }, 'request refused');
  }

  writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: request, res: reply, err: error }, 'could not write the answer headers');
  }
}

export function safeLogController(): LogController {
  return new SafeLogController({ requestIdLogLabel: 'requestId' });
}
