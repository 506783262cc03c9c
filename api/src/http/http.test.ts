import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type DbHandle } from '../db/connect';
import { setUpApp, setUpSession } from '../test';

const t = setUpApp();
const headers = setUpSession(t);

const postLogin = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

/** An error answer: the status, the body with the request's id, the same id as its header. */
function expectError(response: LightMyRequestResponse, status: number, body: object) {
  const requestId = response.headers['x-request-id'];
  expect(typeof requestId).toBe('string');
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { ...body, requestId } });
}

describe('bad requests get a clear 4xx, never a 500', () => {
  it('malformed JSON is a 400', async () => {
    expectError(await postLogin('{"username": "a",'), 400, { message: 'The request body is not valid JSON' });
  });

  it('a body over 64 KiB is a 413', async () => {
    const response = await postLogin(JSON.stringify({ username: 'a', password: 'x'.repeat(70 * 1024) }));
    expectError(response, 413, { message: 'The request body is too large' });
  });

  it('an unknown field is a 400 naming it', async () => {
    const response = await postLogin(JSON.stringify({ username: 'a', password: 'b', isAdmin: true }));
    expectError(response, 400, { message: 'Unknown field "isAdmin"', errors: { isAdmin: 'Unknown field "isAdmin"' } });
  });

  it('wrong types are a 400 with the field message', async () => {
    const response = await postLogin(JSON.stringify({ username: 42, password: ['x'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('a body that is not an object is a 400', async () => {
    for (const payload of ['[]', '"text"', 'null', '17']) {
      const response = await postLogin(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The request body must be a JSON object');
    }
  });

  it('an unsupported content type is refused', async () => {
    const response = await postLogin('username=a&password=b', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Unsupported content type: send application/json');
  });

  it('an unknown path is a 404 with a message', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers }), 404, {
      message: 'Not found',
    });
  });
});

describe('addresses the router cannot read are answered in our shape', () => {
  it('a malformed percent-encoding is a 400, on the API and off it', async () => {
    for (const url of ['/api/customers/%E0%A4%A', '/api/customers/%', '/api/%ZZ', '/%E0%A4%A', '/remotes/%']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expectError(response, 400, { message: 'The address is not valid: it has a malformed percent-encoding' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a path segment of any length is a 404 (no id is that long), never 414 or 403', async () => {
    for (const length of [101, 256, 300, 4000]) {
      for (const url of [
        `/api/customers/${'a'.repeat(length)}`,
        `/api/${'a'.repeat(length)}`,
        `/api/payments/${'%41'.repeat(length)}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expectError(response, 404, { message: 'Not found' });
      }
    }
    const put = await t.app.inject({ method: 'PUT', url: `/api/customers/${'b'.repeat(300)}`, headers, payload: {} });
    expectError(put, 404, { message: 'Not found' });
  });

  it('a NUL or a malformed encoding in the query is a field error, not a failure', async () => {
    const nul = await t.app.inject({ method: 'GET', url: '/api/customers?search=a%00b', headers });
    expect(nul.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/customers?page=%E0%A4%A', headers });
    expectError(bad, 400, { message: 'page must be a whole number', errors: { page: 'page must be a whole number' } });
  });
});

describe('page and limit are whole numbers written plainly', () => {
  it("refuses '0x10', '1e3', ' 5' and the like with the field's message", async () => {
    for (const [name, value] of [
      ['page', '0x10'],
      ['page', '1e3'],
      ['page', ' 5'],
      ['limit', '5.0'],
      ['limit', '+5'],
      ['page', 'Infinity'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/api/customers', query: { [name]: value }, headers });
      const message = `${name} must be a whole number`;
      expectError(response, 400, { message, errors: { [name]: message } });
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/customers?page=2&limit=5', headers });
    expect(ok.json().pagination).toMatchObject({ page: 2, limit: 5 });
  });
});

describe('every answer carries its request id and nosniff', () => {
  it('a different X-Request-Id on each answer, success or error, API or not', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/customers', headers }),
      await t.app.inject({ method: 'GET', url: '/api/customers' }),
      await t.app.inject({ method: 'GET', url: '/nowhere' }),
    ] as const;
    const ids = answers.map((response) => response.headers['x-request-id']);
    for (const response of answers) expect(response.headers['x-content-type-options']).toBe('nosniff');
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers[2].json()).toEqual({ message: 'Authentication required', requestId: ids[2] });
  });

  it('ignores an X-Request-Id sent by a client that reaches the API directly', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client-1' },
    });
    expect(response.headers['x-request-id']).not.toBe('chosen-by-client-1');
  });

  it('no Strict-Transport-Security without an https PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind trusted proxies, over https', () => {
  const proxied = setUpApp({ trustedProxyHops: 1, publicUrl: 'https://billing.example.com' });

  it("keeps the proxy's request id, and refuses one that is not a short token", async () => {
    const kept = await proxied.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': 'f3a9c2e1b7d84b6a' },
    });
    expect(kept.headers['x-request-id']).toBe('f3a9c2e1b7d84b6a');
    expect(kept.json().requestId).toBe('f3a9c2e1b7d84b6a');
    for (const sent of ['short', 'has space in it', 'x'.repeat(200), 'line\nbreak-injected']) {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': sent },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends HSTS on every answer, errors and router errors included', async () => {
    for (const url of ['/api/health', '/api/customers', '/nowhere', '/api/%']) {
      const response = await proxied.app.inject({ method: 'GET', url });
      expect({ url, hsts: response.headers['strict-transport-security'] }).toEqual({ url, hsts: 'max-age=31536000' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('the web platform (pnpm start) answers in the same shape', () => {
  const root = mkdtempSync(join(tmpdir(), 'admin-http-web-'));
  let handle: DbHandle;
  let web: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const write = (path: string, content: string) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    };
    write(join(root, 'host/index.html'), '<!doctype html><title>Admin System</title>');
    write(join(root, 'host/static/js/index.0a1b2c3d.js'), 'console.log(1)');
    write(join(root, 'releases/masters/1.0.0-abc/static/js/a.0a1b2c3d.js'), 'chunk');
    handle = await connect({});
    web = await buildApp({
      db: handle,
      config: { ...loadConfig({}), hostDist: join(root, 'host'), releasesDir: join(root, 'releases') },
      web: true,
    });
  });
  afterAll(async () => {
    await web.close();
    await handle.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('nosniff and a request id on pages, files and their errors', async () => {
    for (const url of [
      '/',
      '/customers',
      '/static/js/index.0a1b2c3d.js',
      '/remotes/masters/1.0.0-abc/static/js/a.0a1b2c3d.js',
      '/platform.json',
    ]) {
      const response = await web.inject({ method: 'GET', url });
      expect({
        url,
        nosniff: response.headers['x-content-type-options'],
        id: typeof response.headers['x-request-id'],
      }).toEqual({
        url,
        nosniff: 'nosniff',
        id: 'string',
      });
    }
  });

  it('a file name too long to look up, or one that climbs out, is a 404 (not 403)', async () => {
    const long = 'a'.repeat(300);
    for (const url of [
      `/${long}.js`,
      `/static/${long}.js`,
      `/remotes/masters/1.0.0-abc/${long}.js`,
      `/remotes/masters/${long}/x.js`,
      '/static/js/../../index.html.js',
      '/static//js/index.0a1b2c3d.js',
    ]) {
      const response = await web.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual({ message: 'Not found', requestId: response.headers['x-request-id'] });
    }
  });
});
