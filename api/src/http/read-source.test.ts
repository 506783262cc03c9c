import { describe, expect, it } from '@rstest/core';
import { loadConfig } from '../config';
import { setUpApp } from '../test';
import { READ_PRIMARY_COOKIE } from './read-source';

// Without a replica (PGlite, or PostgreSQL without REPLICA_URL) every answer reads the primary and
// says so, and writes set no read-your-writes cookie. The replica's side, with a real streaming
// standby, is drilled in the cluster stage (ops/src/cluster/cluster.spec.mjs).

const t = setUpApp();

describe('where a request reads', () => {
  it('says primary on reports, writes and errors alike when there is no replica', async () => {
    const list = await t.request('GET', '/api/customers?limit=5');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-read-from']).toBe('primary');
    const write = await t.request('POST', '/api/customer-cities', { cityName: 'Salmiya' });
    expect(write.statusCode).toBe(201);
    expect(write.headers['x-read-from']).toBe('primary');
    expect(String(write.headers['set-cookie'] ?? '')).not.toContain(READ_PRIMARY_COOKIE);
    const missing = await t.request('GET', '/api/customers/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-read-from']).toBe('primary');
  });

  it('reads its settings: REPLICA_URL needs the primary it follows, the bounds are whole numbers', () => {
    expect(() => loadConfig({ REPLICA_URL: 'postgres://api@replica/billing' })).toThrow(
      'REPLICA_URL needs DATABASE_URL, the primary it replicates',
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://owner@primary/billing',
      REPLICA_URL: 'postgres://api@replica/billing',
      REPLICA_MAX_LAG_MS: '250',
      READ_YOUR_WRITES_SECONDS: '3',
    });
    expect(config).toMatchObject({
      replicaUrl: 'postgres://api@replica/billing',
      replicaMaxLagMs: 250,
      readYourWritesSeconds: 3,
    });
    expect(loadConfig({})).toMatchObject({ replicaMaxLagMs: 1_000, readYourWritesSeconds: 5 });
    expect(() => loadConfig({ READ_YOUR_WRITES_SECONDS: '0' })).toThrow(
      'READ_YOUR_WRITES_SECONDS must be a whole number >= 1',
    );
  });
});
