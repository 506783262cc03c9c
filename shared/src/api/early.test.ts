import { afterEach, describe, expect, it } from '@rstest/core';
import { api, setToken } from './client';
import { DASHBOARD_CALLS_KEY, rememberDashboardCalls, takeEarlyAnswer } from './early';

const answered = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('answers host/index.html asked for before the scripts loaded', () => {
  afterEach(() => {
    window.__early = undefined;
    setToken(null);
  });

  it('a 200 is taken once, by the first caller; the next asks the API itself', async () => {
    window.__early = { '/dashboard/summary': answered(200, { data: { totalCustomers: 12 } }) };
    expect(await takeEarlyAnswer('/dashboard/summary')).toEqual({ data: { totalCustomers: 12 } });
    expect(await takeEarlyAnswer('/dashboard/summary')).toBeUndefined();
  });

  it("the page's client answers a GET of that path with it, without going out", async () => {
    window.__early = { '/settings/company': answered(200, { data: { companyName: 'Bayan Trading' } }) };
    const response = await api.get('/settings/company');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ data: { companyName: 'Bayan Trading' } });
    expect(window.__early).toEqual({});
  });

  it('a GET with no query set takes it too; one with a query is another call and leaves it', async () => {
    const early = () => ({ '/cheques/to-deposit': answered(200, { data: { count: 2 } }) });
    for (const params of [{}, { asOf: undefined }]) {
      window.__early = early();
      expect((await api.get('/cheques/to-deposit', { params })).data).toEqual({ data: { count: 2 } });
      expect(window.__early).toEqual({});
    }
    window.__early = early();
    await api.get('/cheques/to-deposit', { params: { asOf: '2026-11-01' }, timeout: 1 }).catch(() => undefined);
    expect(Object.keys(window.__early)).toEqual(['/cheques/to-deposit']);
  });

  it('a refusal, a failed call or a path never asked for gives nothing to take', async () => {
    window.__early = {
      '/auth/profile': answered(401, { message: 'Sign in again' }),
      '/dashboard/summary': Promise.reject(new TypeError('Failed to fetch')),
    };
    expect(await takeEarlyAnswer('/auth/profile')).toBeUndefined();
    expect(await takeEarlyAnswer('/dashboard/summary')).toBeUndefined();
    expect(await takeEarlyAnswer('/customers')).toBeUndefined();
  });

  it("signing in or out forgets them and the remembered calls: they were another session's", async () => {
    window.__early = { '/dashboard/summary': answered(200, { data: {} }) };
    rememberDashboardCalls(['/dashboard/summary', '/settings/company']);
    expect(JSON.parse(localStorage.getItem(DASHBOARD_CALLS_KEY)!)).toEqual(['/dashboard/summary', '/settings/company']);
    setToken('another-session');
    expect(await takeEarlyAnswer('/dashboard/summary')).toBeUndefined();
    expect(localStorage.getItem(DASHBOARD_CALLS_KEY)).toBeNull();
  });
});
