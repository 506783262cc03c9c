import type pg from 'pg';
import { buildApp } from '../app';
import { connect } from '../db/connect';
import type { TestApp } from './harness';

/**
 * A second API instance on the same database, with its database handle for running jobs: on
 * PostgreSQL with its own connection pool, so the two really contend for row locks; on PGlite
 * (one connection) it shares the database.
 */
export async function secondInstance(t: TestApp) {
  if (t.dbKind === 'pglite') {
    const app = await buildApp({ db: { db: t.db, kind: t.dbKind }, config: t.config });
    return { app, db: t.db, close: () => app.close() };
  }
  const { connectionString } = (t.db as unknown as { $client: pg.Pool }).$client.options;
  const handle = await connect({ databaseUrl: connectionString, poolSize: 5 });
  const app = await buildApp({ db: handle, config: t.config });
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
