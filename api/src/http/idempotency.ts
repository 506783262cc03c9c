import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/connect';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict } from './errors';
import { canonicalJson } from '../lib/canonical-json';
import { writeTransaction } from '../db/contention';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
/** A key is remembered this long; a retry after that is a new request. */
const KEY_LIFETIME = sql`interval '24 hours'`;
const MAX_KEY_LENGTH = 255;

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (!key || key.length > MAX_KEY_LENGTH)
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  return key;
}

/**
 * Runs a handler that creates money in one transaction. With an Idempotency-Key header, the key is
 * claimed in that same transaction before anything else: a concurrent request with the key waits
 * on it, then finds the committed answer and returns it, so the money is created exactly once.
 * A handler that fails rolls its claim back with everything else, so a retry runs again.
 * Without the header the handler simply runs in a transaction. `status` is the answer's code, or
 * a function of the answer's body when it depends on what the handler did (a write that waits
 * for approval answers 202).
 */
export async function runIdempotent<T>(
  db: Database,
  request: FastifyRequest,
  status: number | ((body: T) => number),
  handler: (tx: Transaction) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const codeOf = (body: T) => (typeof status === 'number' ? status : status(body));
  const key = keyOf(request);
  if (key === undefined) {
    const body = await writeTransaction(db, handler);
    return { statusCode: codeOf(body), body, replayed: false };
  }

  // A key is the user's, whatever the route: the same key on another route is another request,
  // which the hash (method, path and body) tells apart, so it is refused rather than run again.
  const scope = request.user?._id ?? 'anonymous';
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  return writeTransaction(db, async (tx) => {
    // An expired key is forgotten, together with this scope's other expired keys.
    await tx
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`)));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [earlier] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!earlier || earlier.requestHash !== requestHash) throw conflict(KEY_REUSED);
      const response = earlier.response as T;
      return { statusCode: earlier.statusCode ?? codeOf(response), body: response, replayed: true };
    }
    const body = await handler(tx);
    const statusCode = codeOf(body);
    // The handler appended its audit entry last and holds the trail's lock until commit; storing
    // the answer only touches the key row this transaction inserted, so it waits for nobody.
    await tx
      .update(idempotencyKeys)
      .set({ statusCode, response: body as object })
      .where(thisKey);
    return { statusCode, body, replayed: false };
  });
}

/** Sends a result of runIdempotent; a replay is marked so clients and logs can tell. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}
