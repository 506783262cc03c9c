import { AxiosError, type AxiosAdapter } from 'axios';
import { api } from '@admin/shared/api';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

type Answer = { status?: number; body: unknown };

/**
 * Answers the page's API client from `routes` ('POST /auth/password': handler) at the HTTP
 * boundary and records what was sent; an unknown route answers 404 as the server would.
 * `restore` puts the real transport back.
 */
export function fakeApi(routes: Record<string, (request: SentRequest) => Answer>) {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.url}`];
    const { status = 200, body } = handler ? handler(request) : { status: 404, body: { message: 'Not found' } };
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
