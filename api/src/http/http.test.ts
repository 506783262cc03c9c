import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postLogin = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

describe('bad requests get a clear 4xx, never a 500', () => {
  it('malformed JSON is a 400', async () => {
    const response = await postLogin('{"username": "a",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('a body over 64 KiB is a 413', async () => {
    const response = await postLogin(JSON.stringify({ username: 'a', password: 'x'.repeat(70 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large' });
  });

  it('an unknown field is a 400 naming it', async () => {
    const response = await postLogin(JSON.stringify({ username: 'a', password: 'b', isAdmin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unknown field "isAdmin"', errors: { isAdmin: 'Unknown field "isAdmin"' } });
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
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: await t.login() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('health', () => {
  it('answers without signing in and names the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.dbKind });
    expect(t.dbKind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});
