import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { actorOf, type Actor } from '../audit/trail';
import type { CrudPermissions } from './access';
import { sendCsv, wantsCsv, type CsvColumn } from './csv';
import { notFound } from './errors';
import type { Listing } from './pagination';
import { parse } from './validate';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of the path; anything that is not a uuid cannot name a record, so it is a 404. */
export function idParam(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!UUID.test(id)) throw notFound();
  return id;
}

/** Who makes the request's writes: the signed-in user, whom the guard sets on every protected route. */
export function actorOfRequest(request: FastifyRequest): Actor {
  if (!request.user) throw new Error(`${request.method} ${request.url} writes without a signed-in user`);
  return actorOf(request.user);
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

/**
 * The REST routes of one collection: GET list (JSON page or CSV export, + /active), GET one, POST (201), PUT, DELETE (204).
 * Bodies and queries are validated with the contract's schemas before the service sees them.
 */
export function registerResource<T, TInput, TQuery>(
  app: FastifyInstance,
  path: string,
  options: {
    service: ResourceService<T, TInput, TQuery>;
    inputSchema: v.GenericSchema<unknown, TInput>;
    listQuerySchema: v.GenericSchema<unknown, TQuery>;
    permissions: CrudPermissions;
    csv: ListExport<T>;
  },
): void {
  const { service, inputSchema, listQuerySchema, permissions, csv } = options;
  const read = { config: { permission: permissions.read } };
  if (service.active) {
    const active = service.active.bind(service);
    app.get(`${path}/active`, read, async () => ({ data: await active() }));
  }
  app.get(path, read, async (request, reply) => answerList(request, reply, service.list(parse(listQuerySchema, request.query)), csv));
  app.get(`${path}/:id`, read, async (request) => service.get(idParam(request)));
  app.post(path, { config: { permission: permissions.create } }, async (request, reply) =>
    reply.code(201).send(await service.create(actorOfRequest(request), parse(inputSchema, request.body))),
  );
  app.put(`${path}/:id`, { config: { permission: permissions.update } }, async (request) => {
    const id = idParam(request);
    return service.update(actorOfRequest(request), id, parse(inputSchema, request.body));
  });
  app.delete(`${path}/:id`, { config: { permission: permissions.delete } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), idParam(request));
    return reply.code(204).send();
  });
}
