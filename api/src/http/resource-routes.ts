import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permissionDenied, type Permission, type ResourceDefinition } from '@admin/shared/contract';
import type * as v from 'valibot';
import { actorOf, type Actor } from '../audit/trail';
import type { Database, Transaction } from '../db/connect';
import type { CrudPermissions } from './access';
import { HttpError } from './errors';
import { IdParamsSchema, type ContractTypeProvider } from './contract-schemas';
import { sendCsv, wantsCsv, type CsvColumn } from './csv';
import { runIdempotent, sendIdempotent } from './idempotency';
import type { Listing } from '../lists';

/**
 * What a CRUD collection offers; each area's service implements it over its tables. Every write
 * names who makes it, for the audit entry it appends in its transaction.
 */
export interface ResourceService<T, TInput, TQuery> {
  list(query: TQuery): Listing<T>;
  get(id: string): Promise<T>;
  create(actor: Actor, input: TInput): Promise<T>;
  update(actor: Actor, id: string, input: TInput): Promise<T>;
  remove(actor: Actor, id: string): Promise<void>;
  /** Every row in name order, for pickers (GET /<collection>/active). */
  active?(): Promise<T[]>;
}

/**
 * A collection whose create may record money (a Cash invoice): it creates in the transaction that
 * claims the request's Idempotency-Key, so a retried POST returns the first record.
 */
export interface IdempotentResourceService<T, TInput, TQuery> extends Omit<
  ResourceService<T, TInput, TQuery>,
  'create'
> {
  create(tx: Transaction, actor: Actor, input: TInput): Promise<T>;
}

/** Who makes the request's writes: the signed-in user, whom the guard sets on every protected route. */
/**
 * The signed-in user of a route the auth guard protects. A route that reached here without one
 * is a wiring mistake (a route left public), which is a 500, never an anonymous write.
 */
export function signedInUser(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!request.user) throw new Error(`${request.method} ${request.url} runs without a signed-in user`);
  return request.user;
}

export function actorOfRequest(request: FastifyRequest): Actor {
  return actorOf(signedInUser(request));
}

/** A list's CSV export: the file's name and its columns. */
export interface ListExport<T> {
  filename: string;
  columns: readonly CsvColumn<T>[];
}

/**
 * The answer of a list route: the page as JSON, or, for `Accept: text/csv`, every row matching the
 * same search, filters and sort as a CSV download. Same route, so the same permission.
 */
export function answerList<T>(request: FastifyRequest, reply: FastifyReply, list: Listing<T>, csv: ListExport<T>) {
  return wantsCsv(request) ? sendCsv(reply, csv.filename, csv.columns, list.everyRow()) : list.page();
}

/** What a collection offers to read: a page of rows (CSV too) and one record. */
export interface ReadOnlyService<TRow, T, TQuery> {
  list(query: TQuery): Listing<TRow>;
  get(id: string): Promise<T>;
}

/**
 * The read routes of a collection: GET list (JSON page or CSV export) and GET one, both under its
 * read permission. A collection written only by steps of its own (approval requests, sent mail)
 * has these and its steps; registerResource adds the writes of a CRUD collection.
 */
export function registerReadOnly<TRow, T, TQuery>(
  app: FastifyInstance,
  { path, permissions }: Pick<ResourceDefinition, 'path'> & { permissions: { read: Permission } },
  {
    service,
    listQuerySchema,
    csv,
  }: {
    service: ReadOnlyService<TRow, T, TQuery>;
    listQuerySchema: v.GenericSchema<unknown, TQuery>;
    csv: ListExport<TRow>;
  },
): void {
  const routes = app.withTypeProvider<ContractTypeProvider>();
  const read = { config: { permission: permissions.read } };
  routes.get(path, { ...read, schema: { querystring: listQuerySchema } }, async (request, reply) =>
    // The checked query is exactly TQuery; Fastify's types only wrap a generic part.
    answerList(request, reply, service.list(request.query as TQuery), csv),
  );
  routes.get(`${path}/:id`, { ...read, schema: { params: IdParamsSchema } }, async (request) => ({
    data: await service.get(request.params.id),
  }));
}

interface ResourceOptions<T, TInput, TQuery> {
  inputSchema: v.GenericSchema<unknown, TInput>;
  listQuerySchema: v.GenericSchema<unknown, TQuery>;
  csv: ListExport<T>;
  /** Runs after every create and edit (not a delete), once the write has committed. */
  afterSave?: () => void;
  /** A permission a body needs beyond the route's (an invoice's credit override): 403 naming it otherwise. */
  inputPermission?: (input: TInput) => Permission | undefined;
}

/**
 * The REST routes of one collection: GET list (JSON page or CSV export, + /active), GET one, POST (201), PUT, DELETE (204).
 * Bodies, queries and ids are declared with the contract's schemas, checked before the service sees them.
 * With `idempotentCreates` (the database), POST honours an Idempotency-Key (api/src/http/idempotency.ts).
 */
export function registerResource<T, TInput, TQuery>(
  app: FastifyInstance,
  /** Its registry entry (shared/src/contract/resources.ts): the collection's path, each action's permission. */
  { path, permissions }: Pick<ResourceDefinition, 'path'> & { permissions: CrudPermissions },
  options: ResourceOptions<T, TInput, TQuery> &
    (
      | { service: ResourceService<T, TInput, TQuery> }
      | { service: IdempotentResourceService<T, TInput, TQuery>; idempotentCreates: Database }
    ),
): void {
  const { service, inputSchema, listQuerySchema, csv, afterSave } = options;
  const routes = app.withTypeProvider<ContractTypeProvider>();
  const read = { config: { permission: permissions.read } };
  const one = { params: IdParamsSchema };
  // The checked body is exactly TInput; Fastify's types only wrap a generic part (undefined
  // becomes unknown), which TypeScript cannot see through inside this function.
  const inputOf = (request: FastifyRequest) => {
    const input = request.body as TInput;
    const needed = options.inputPermission?.(input);
    if (needed && !signedInUser(request).permissions.includes(needed))
      throw new HttpError(403, permissionDenied(needed));
    return input;
  };
  const saved = <R>(result: R): R => {
    afterSave?.();
    return result;
  };
  if (service.active) {
    const active = service.active.bind(service);
    routes.get(`${path}/active`, read, async () => ({ data: await active() }));
  }
  registerReadOnly(app, { path, permissions }, { service, listQuerySchema, csv });
  routes.post(
    path,
    { config: { permission: permissions.create }, schema: { body: inputSchema } },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      const input = inputOf(request);
      if ('idempotentCreates' in options) {
        const { idempotentCreates: db, service: idempotent } = options;
        return sendIdempotent(
          reply,
          saved(
            await runIdempotent(db, request, 201, async (tx) => ({ data: await idempotent.create(tx, actor, input) })),
          ),
        );
      }
      return reply.code(201).send(saved({ data: await options.service.create(actor, input) }));
    },
  );
  routes.put(
    `${path}/:id`,
    { config: { permission: permissions.update }, schema: { ...one, body: inputSchema } },
    async (request) =>
      saved({ data: await service.update(actorOfRequest(request), request.params.id, inputOf(request)) }),
  );
  routes.delete(`${path}/:id`, { config: { permission: permissions.delete }, schema: one }, async (request, reply) => {
    await service.remove(actorOfRequest(request), request.params.id);
    return reply.code(204).send();
  });
}
