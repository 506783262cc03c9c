import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../api';
import { paginationOf } from '../contract';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: AxiosHeaders;
}

type Handler = (request: SentRequest) => { status?: number; body: unknown } | unknown;

/**
 * Answers the page's API client from `routes` ('GET /invoices': handler), at the HTTP boundary,
 * and records what the screen sent. An unknown route answers 404, as the server would.
 */
export function fakeApi(routes: Record<string, Handler>) {
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
    const handler = routes[`${request.method} ${request.url}`];
    const answer = handler ? handler(request) : { status: 404, body: { message: 'Not found' } };
    const { status = 200, body } =
      answer && typeof answer === 'object' && 'body' in answer
        ? (answer as { status?: number; body: unknown })
        : { body: answer };
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

/** A list answer holding `data` on one page. */
export const list = <T>(data: T[]) => ({ data, pagination: paginationOf(1, 10, data.length) });

/** A GET handler answering `rows` searched by `field` as the API does (case-insensitive, anywhere in the text). */
export function searchable<T extends object>(rows: T[], field: keyof T & string): Handler {
  return ({ params }) => {
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
