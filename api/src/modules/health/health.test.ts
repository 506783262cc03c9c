import { describe, expect, it } from '@rstest/core';
import { buildApp } from '../../app';
import type { Database } from '../../db/connect';
import { setUpApp } from '../../test';
import { READY_TIMEOUT_MS } from './routes';

const t = setUpApp();

/** Each statement sent to a broken database, as it was asked. */
const sentToBroken: unknown[] = [];

/** A database that never answers, or fails at once. */
function brokenDatabase(mode: 'hangs' | 'fails'): Database {
  const execute = (statement: unknown) => {
    sentToBroken.push(statement);
    return mode === 'hangs' ? new Promise(() => {}) : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  };
  return new Proxy(t.db, {
    get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)),
  });
}

describe('GET /api/health (liveness)', () => {
  it('answers without signing in and names the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.dbKind });
    expect(t.dbKind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers at once while the database hangs: it never touches it', async () => {
    const app = await buildApp({ db: { db: brokenDatabase('hangs'), kind: t.dbKind }, config: t.config });
    try {
      sentToBroken.length = 0;
      // Asking the database would never end: the answer comes, and nothing was sent to it.
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(sentToBroken).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/ready (readiness)', () => {
  it('is 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: t.dbKind });
  });

  it('is 503 when the database refuses, and when it does not answer in time', async () => {
    for (const mode of ['fails', 'hangs'] as const) {
      const app = await buildApp({ db: { db: brokenDatabase(mode), kind: t.dbKind }, config: t.config });
      try {
        const started = Date.now();
        const response = await app.inject({ method: 'GET', url: '/api/ready' });
        expect({ mode, status: response.statusCode }).toEqual({ mode, status: 503 });
        expect(response.json()).toMatchObject({
          status: 'unavailable',
          database: t.dbKind,
          message: 'Database unavailable',
        });
        expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1_000);
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
  });
});
