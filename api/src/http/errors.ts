import type { ErrorBody } from '@admin/shared/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ReportPoolBusy } from '../db/driver/lanes';
import { languageHeaders, languageOfRequest, localizedError, markLanguage } from './answer-language';

declare module 'fastify' {
  interface FastifyRequest {
    /** The message of the error answer this request got, if any (the metrics count refusals by it). */
    failureMessage?: string;
  }
}

/** An answer other than 2xx that the caller caused and can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
/** A 400 that belongs to one field, e.g. a reference to a record that does not exist. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });
export const unauthorized = (message: string) => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
/** A part the server needs (a browser, a mail server) is missing or too slow: try later or ask an admin. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** The PostgreSQL error (code, constraint) behind a driver or drizzle error, if there is one. */
export function pgErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string; constraint?: string };
  }
  return undefined;
}

// Fastify's own client errors, worded for people.
export const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
};

// PostgreSQL errors that only bad input can cause; anything else is ours and is a 500.
export const PG_ANSWERS: Record<string, [number, string]> = {
  '23505': [409, 'A record with the same value already exists'],
  '23503': [409, 'This record is linked to other records'],
  '22P02': [400, 'Invalid value'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'Invalid date'],
  '22008': [400, 'Invalid date'],
};

/**
 * A deadlock's victim (40P01) or a serialization failure (40001): nothing was written and the same
 * request may succeed a moment later. Writes retry it (db/contention.ts) before it reaches a caller.
 */
export function isContention(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/** What a write that still met contention after its retries answers, with 503 and Retry-After. */
export const WRITE_CONTENDED =
  'Others are changing the same records right now. Nothing was saved; try again in a moment.';
const CONTENDED_RETRY_AFTER_SECONDS = '1';

/** An export refused because the instance's exports are full (http/export-gate.ts). */
export const EXPORTS_BUSY = 'Too many exports are running. Try again in a moment.';

/** A report stopped by the statement timeout (57014), or no report connection within it (db/driver/lanes.ts). */
export const REPORT_TOO_SLOW =
  'The report took too long and was stopped. Narrow the search or filters, or try again in a moment.';

/** A ReportPoolBusy, also when a driver or drizzle error wraps it as its cause. */
function reportPoolBusy(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (current instanceof ReportPoolBusy) return true;
  }
  return false;
}

/** An answer's body in the shape of an error: `{ message, errors? }`. */
function isErrorBody(payload: unknown): payload is ErrorBody {
  return !!payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string';
}

/**
 * Every failure leaves as `{ message, errors?, requestId }` (requestId: see request-id.ts), its
 * messages in the language of the request's Accept-Language (answer-language.ts): the handler's
 * answers and those written elsewhere (the 404 of an unknown address, the readiness check's 503).
 * Client errors keep their status; database details (SQL, parameters, constraint names) are never
 * sent, and never logged either: the log line of a failure has the error's type, PostgreSQL code,
 * constraint and route, and its stack frames (logging.ts, safeError).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('failureMessage', undefined);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    const language = languageOfRequest(request);
    markLanguage(reply, language);
    return localizedError(payload, language);
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { message: 'Internal server error' };
    const pgError = pgErrorOf(error);
    const pgAnswer = pgError && PG_ANSWERS[pgError.code];
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    } else if (isContention(error)) {
      status = 503;
      body = { message: WRITE_CONTENDED };
      reply.header('retry-after', CONTENDED_RETRY_AFTER_SECONDS);
    } else if (reportPoolBusy(error) || pgError?.code === '57014') {
      // The server is busy, not broken: the caller may retry; money writes were never in this lane.
      status = 503;
      body = { message: REPORT_TOO_SLOW };
    } else if (pgAnswer) {
      [status, body.message] = pgAnswer;
    } else if (
      error.code === 'FST_STATIC_FORBIDDEN_PATH' ||
      (error.statusCode === 403 && error.message === 'Forbidden')
    ) {
      // The file server refuses a name it cannot check (over 255 characters, '..', '//'): to the
      // caller there is simply no such file.
      status = 404;
      body = { message: 'Not found' };
    } else if (!pgError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: FASTIFY_MESSAGES[error.code] ?? error.message };
    }
    const route = request.routeOptions.url;
    if (status === 503 && isContention(error))
      request.log.warn({ code: pgError?.code, route }, 'write contended past its retries');
    else if (status === 503)
      request.log.warn({ code: pgError?.code, route }, 'report stopped: past the report timeout');
    else if (status >= 500) request.log.error({ err: error, route }, 'request failed');
    else if (pgError)
      request.log.info({ code: pgError.code, constraint: pgError.constraint, route }, 'database refused input');
    request.failureMessage = body.message;
    return reply.code(status).send(body);
  });
}

/**
 * Fastify's router answers some URLs before any hook or handler runs, in its own shape: a
 * malformed percent-encoding ('%E0%A4%A') and a path parameter longer than maxParamLength (100).
 * This answers them like every other error, with our headers. No id is that long, so the second
 * is a 404.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [404, 'Not found']
        : error.code === 'FST_ERR_BAD_URL'
          ? [400, 'The address is not valid: it has a malformed percent-encoding']
          : [400, 'The request cannot be read'];
    request.log.debug({ code: error.code }, 'address refused');
    request.failureMessage = message;
    const language = languageOfRequest(request);
    void reply
      .code(status)
      .headers({ ...headers, 'x-request-id': request.id, 'cache-control': 'no-store' })
      .headers(languageHeaders(language, undefined))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(localizedError({ message, requestId: request.id } satisfies ErrorBody, language)));
  };
}
