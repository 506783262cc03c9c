import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api, configureApi, readApiError, setApiBaseUrl } from './client';

/** Answers every request with `status` and `body`, and remembers what was sent. */
function answer(status: number, body: unknown) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const response = { status, data: body, headers: {}, statusText: '', config };
    if (status < 400) return response;
    throw new AxiosError('failed', String(status), config, null, response);
  };
  api.defaults.adapter = adapter;
  return sent;
}

describe('API client', () => {
  let toasts: string[];
  let unauthorized: number;
  const originalAdapter = api.defaults.adapter;

  beforeEach(() => {
    toasts = [];
    unauthorized = 0;
    configureApi({ notifyError: (m) => toasts.push(m), onUnauthorized: () => (unauthorized += 1) });
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    setApiBaseUrl('/api');
  });

  it('sends the stored token as a bearer header, to the configured base address, with a 10 s timeout', async () => {
    const sent = answer(200, { ok: true });
    localStorage.setItem('token', 'abc');
    setApiBaseUrl('https://api.example.test/api');
    await api.get('/types');
    expect(AxiosHeaders.from(sent[0]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(sent[0]?.baseURL).toBe('https://api.example.test/api');
    expect(sent[0]?.timeout).toBe(10000);
  });

  it('sends no authorization header without a stored token', async () => {
    const sent = answer(200, {});
    await api.get('/health');
    expect(AxiosHeaders.from(sent[0]?.headers).has('Authorization')).toBe(false);
  });

  it("a failure toasts the answer's message and rejects", async () => {
    answer(409, { message: 'Type is used by 3 products' });
    await expect(api.delete('/types/1')).rejects.toThrow();
    expect(toasts).toEqual(['Type is used by 3 products']);
  });

  it("without a message it toasts 'An error occurred', or the screen's fallback text", async () => {
    answer(500, 'Internal Server Error');
    await expect(api.get('/types')).rejects.toThrow();
    await expect(api.post('/types', {}, { errorToast: 'Failed to create type' })).rejects.toThrow();
    expect(toasts).toEqual(['An error occurred', 'Failed to create type']);
  });

  it('a request the page cancelled (a query whose screen moved on, a refetch) shows no error', async () => {
    api.defaults.adapter = (config) =>
      new Promise((_, reject) =>
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, undefined, config))),
      );
    const controller = new AbortController();
    const request = api.get('/types/active', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toBeInstanceOf(CanceledError);
    expect(toasts).toEqual([]);
  });

  it('a screen can turn the automatic toast off', async () => {
    answer(401, { message: 'Invalid username or password' });
    await expect(api.post('/auth/login', {}, { errorToast: false })).rejects.toThrow();
    expect(toasts).toEqual([]);
  });

  it('a 401 on a signed-in call removes the token before the app is told', async () => {
    answer(401, { message: 'Session expired' });
    localStorage.setItem('token', 'old');
    let tokenWhenTold: string | null = 'not called';
    configureApi({ onUnauthorized: () => (tokenWhenTold = localStorage.getItem('token')) });
    await expect(api.get('/customers')).rejects.toThrow();
    expect(tokenWhenTold).toBeNull();
  });

  it('a 401 without a session (a failed sign-in) is not a logout', async () => {
    answer(401, { message: 'Invalid username or password' });
    await expect(api.post('/auth/login', {}, { errorToast: false })).rejects.toThrow();
    expect(unauthorized).toBe(0);
  });

  it('readApiError gives the message and the field errors for the form', async () => {
    answer(400, { message: 'Validation failed', errors: { productTypeName: 'Type name is required' } });
    const error = await api.post('/types', {}).catch((e: unknown) => e);
    expect(readApiError(error)).toEqual({
      status: 400,
      message: 'Validation failed',
      errors: { productTypeName: 'Type name is required' },
    });
    expect(readApiError(new Error('not an HTTP error'))).toEqual({});
  });
});
