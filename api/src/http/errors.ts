import type { ErrorBody } from '@admin/shared/contract';
import type { FastifyError, FastifyInstance } from 'fastify';

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

/** The PostgreSQL error (code, constraint) behind a driver or drizzle error, if there is one. */
export function pgErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string; constraint?: string };
  }
  return undefined;
}

// Fastify's own client errors, worded for people.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
};

// PostgreSQL errors that only bad input can cause; anything else is ours and is a 500.
const PG_ANSWERS: Record<string, [number, string]> = {
  '23505': [409, 'A record with the same value already exists'],
  '23503': [409, 'This record is linked to other records'],
  '22P02': [400, 'Invalid value'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'Invalid date'],
  '22008': [400, 'Invalid date'],
};

/**
 * Every failure leaves as `{ message, errors? }`. Client errors keep their status; database
 * details (SQL, parameters, constraint names) are logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { message: 'Internal server error' };
    const pgError = pgErrorOf(error);
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    } else if (pgError && PG_ANSWERS[pgError.code]) {
      [status, body.message] = PG_ANSWERS[pgError.code];
    } else if (!pgError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: FASTIFY_MESSAGES[error.code] ?? error.message };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (pgError) request.log.info({ code: pgError.code, constraint: pgError.constraint }, 'database refused input');
    return reply.code(status).send(body);
  });
}
