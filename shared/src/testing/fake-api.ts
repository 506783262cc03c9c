import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import * as v from 'valibot';
import { api } from '../api';
import {
  ErrorBodySchema,
  paginationOf,
  ROUTE_ANSWERS,
  type ErrorBody,
  type RouteAnswer,
  type RouteKey,
  type WireAnswerOf,
} from '../contract';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: AxiosHeaders;
}

type Handler = (request: SentRequest) => { status?: number; body: unknown } | unknown;

/** A path's parts: `GET /customers/c1` → ['GET ', 'customers', 'c1']. */
type PartsOf<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...PartsOf<Tail>] : [S];

/** Whether the parts of a request's URL are those of a route's path (`:id` takes any one part). */
type FitsRoute<Url extends string[], Route extends string[]> = Url extends [infer U, ...infer UrlRest extends string[]]
  ? Route extends [infer R, ...infer RouteRest extends string[]]
    ? R extends `:${string}`
      ? FitsRoute<UrlRest, RouteRest>
      : U extends R
        ? FitsRoute<UrlRest, RouteRest>
        : false
    : false
  : Route extends []
    ? true
    : false;

/** The routes a fake's key (`GET /customers/c1?x=1`) answers for, as the contract keys them. */
type RoutesOf<Key extends string> = {
  [K in RouteKey]: FitsRoute<PartsOf<Key extends `${infer Path}?${string}` ? Path : Key>, PartsOf<K>> extends true
    ? K
    : never;
}[RouteKey];

/** What a fake may answer for a route: one of its bodies, or a status with one of them or an error. */
type FakeAnswer<K extends RouteKey> = WireAnswerOf<K> | { status?: number; body: WireAnswerOf<K> | ErrorBody };

/**
 * A fake's handler, typed by the route its key names: answering a shape the contract does not
 * declare is a type error. A key built from a variable of type string is a pattern to the
 * compiler (an empty object fits a record keyed by it): it takes any handler, whose request is
 * then annotated `(request: SentRequest)`, as does a route the API lacks; the run-time check
 * still refuses a wrong answer.
 */
export type FakeHandler<Key extends string> =
  Record<never, never> extends Record<Key, true>
    ? Handler
    : [RoutesOf<Key>] extends [never]
      ? Handler
      : (request: SentRequest) => FakeAnswer<RoutesOf<Key>>;

/** The contract's routes as patterns: literal paths first, so /cheques/to-deposit is not /cheques/:id. */
const ROUTES = Object.entries(ROUTE_ANSWERS)
  .map(([key, answers]) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\./g, '\\.')}$`);
    return { key, method, pattern, params: (path.match(/:/g) ?? []).length, answers };
  })
  .sort((a, b) => a.params - b.params);

/** The route the API would take for `method url` (`url` without /api), and what it declares it answers. */
function routeOf(method: string, url: string) {
  const path = url.split('?')[0]!;
  return ROUTES.find((route) => route.method === method && route.pattern.test(path));
}

/** Answers the fakes gave that the API could not, since the last `takeRefusals()`. */
let refusals: string[] = [];

/** The refusals so far, emptied: the testing kit's setup fails the test that caused any. */
export function takeRefusals(): string[] {
  const taken = refusals;
  refusals = [];
  return taken;
}

/**
 * Why `body` with `status` is not an answer the route declares (shared/src/contract/answers.ts),
 * or undefined when it is one.
 */
export function refusalOf(
  route: { key: string; answers: readonly RouteAnswer[] },
  status: number,
  body: unknown,
): string | undefined {
  if (status >= 400) {
    const error = v.safeParse(ErrorBodySchema, body);
    return error.success ? undefined : `${route.key} ${status}: an error answers { message, errors? }`;
  }
  const declared = route.answers.filter((answer) => answer.status === status);
  if (!declared.length) return `${route.key} never answers ${status}`;
  if (declared.some((answer) => answer.file !== undefined && typeof body === 'string')) return undefined;
  // No content: as the adapter hands it over, nothing, null or an empty text.
  if (declared.some((answer) => !answer.json && !answer.file) && (body ?? '') === '') return undefined;
  const schemas = declared.flatMap((answer) => (answer.json ? [answer.json] : []));
  if (schemas.some((schema) => v.is(schema, body))) return undefined;
  const issues = schemas.flatMap((schema) => v.safeParse(schema, body).issues ?? []);
  const where = issues.map((issue) => v.getDotPath(issue)).filter(Boolean);
  return `${route.key} ${status} does not fit the contract's answer (at: ${where.join(', ') || 'the whole body'})`;
}

/**
 * Answers the page's API client from `routes` ('GET /invoices': handler), at the HTTP boundary,
 * and records what the screen sent. An unknown route answers 404, as the server would. Each answer
 * must be one the API declares for that route (shared/src/contract/answers.ts): its status defaults
 * to the route's first (201 for a create), and an answer of another shape is refused, failing the test.
 */
export function fakeApi<Key extends string>(routes: { [K in Key]: FakeHandler<K> }) {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: AxiosHeaders.from(config.headers),
    };
    sent.push(request);
    const handler = (routes as Record<string, Handler | undefined>)[`${request.method} ${request.url}`];
    const answer = handler ? handler(request) : { status: 404, body: { message: 'Not found' } };
    const route = routeOf(request.method, request.url);
    const given =
      answer && typeof answer === 'object' && 'body' in answer
        ? (answer as { status?: number; body: unknown })
        : { body: answer };
    const { status = route?.answers[0]?.status ?? 200, body } = given;
    const refused = handler
      ? route
        ? refusalOf(route, status, body)
        : `${request.method} ${request.url} is no route of the API`
      : undefined;
    if (refused) {
      refusals.push(refused);
      throw new Error(`The fake API refused an answer: ${refused}`);
    }
    const response = { status, statusText: '', data: body, headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const original = api.defaults.adapter;
  api.defaults.adapter = adapter;
  return {
    sent,
    restore: () => {
      api.defaults.adapter = original;
    },
  };
}

/** The answer of a route that is not a list: what it holds, under `data` (docs/api.md). */
export const answer = <T>(data: T) => ({ data });

/** A list answer holding `data` on one page. */
export const list = <T>(data: T[]) => ({ data, pagination: paginationOf(1, 10, data.length) });

/** A GET handler answering `rows` searched by `field` as the API does (case-insensitive, anywhere in the text). */
export function searchable<T extends object>(rows: T[], field: keyof T & string) {
  return ({ params }: SentRequest) => {
    const term = String(params.search ?? '').toLowerCase();
    const data = rows.filter((row) => String(row[field]).toLowerCase().includes(term));
    return { data, pagination: paginationOf(1, Number(params.limit ?? 10), data.length) };
  };
}

/** A refused request as the API answers it: the status, each field's message, the first as the message. */
export function apiError(errors: Record<string, string>, status = 400) {
  const config = { headers: new AxiosHeaders() };
  const data = { message: Object.values(errors)[0], errors };
  return new AxiosError(`HTTP ${status}`, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}
