import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { connect } from './connect';
import { migrate } from './migrate';
import { auditLog } from './schema';
import { onlyRow } from './rows';
import { refuseRewritingRole, runtimeRoleOf } from './runtime-role';
import { setUpApp } from '../test';

// PostgreSQL only: PGlite has one user, which owns everything (docs/operations.md says what that leaves).
const t = setUpApp();

/** The database's own message when the API's role runs `statement`. */
const refusalOf = (statement: ReturnType<typeof sql>) =>
  t.apiDb.execute(statement).then(
    () => 'accepted',
    (error: Error & { cause?: Error }) => (error.cause ?? error).message,
  );

describe("the API's database role", () => {
  it('appends to the trail and reads it through the API', async () => {
    const created = await t.request('POST', '/api/customer-cities', { cityName: 'Runtime role city' });
    expect(created.statusCode, created.body).toBe(201);
    expect(onlyRow(await t.apiDb.select({ n: count() }).from(auditLog)).n).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/audit-log/verify')).json().data).toMatchObject({ ok: true });
  });

  it('can neither disable the trail’s triggers nor update, delete or truncate it', async () => {
    expect(await refusalOf(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`)).toBe(
      'must be owner of table audit_log',
    );
    expect(await refusalOf(sql`alter table audit_log disable trigger all`)).toBe('must be owner of table audit_log');
    for (const statement of [
      sql`update audit_log set label = 'changed'`,
      sql`delete from audit_log where seq = 1`,
      sql`truncate audit_log`,
    ])
      expect(await refusalOf(statement)).toBe('permission denied for table audit_log');
  });

  it('is accepted to serve, where the owner is refused', async () => {
    await expect(refuseRewritingRole(t.apiDb)).resolves.toBeUndefined();
    await expect(refuseRewritingRole(t.db)).rejects.toThrow(/is a superuser, so it could rewrite the audit trail/);
  });
});

describe('an owner that is not a superuser', () => {
  it('migrates, creates the runtime role with its password, and the API connects as it', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const suffix = randomBytes(5).toString('hex');
    const [owner, runtime, database] = [`t_owner_${suffix}`, `t_api_${suffix}`, `t_roles_${suffix}`];
    const as = (user: string, password: string) =>
      Object.assign(new URL(server), { username: user, password, pathname: `/${database}` }).toString();
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      // As docs/operations.md sets it up: an owner that may create roles, and its database.
      await admin.query(`CREATE ROLE ${owner} LOGIN CREATEROLE PASSWORD 'owner secret'`);
      await admin.query(`CREATE DATABASE ${database} OWNER ${owner}`);
      const ownerHandle = await connect({ databaseUrl: as(owner, 'owner secret'), poolSize: 1 });
      try {
        await migrate(ownerHandle, runtimeRoleOf(as(runtime, 'runtime secret')));
        await migrate(ownerHandle, runtimeRoleOf(as(runtime, 'runtime secret'))); // again at the next start
      } finally {
        await ownerHandle.close();
      }
      const api = await connect({ databaseUrl: as(runtime, 'runtime secret'), poolSize: 1 });
      try {
        await expect(refuseRewritingRole(api.db)).resolves.toBeUndefined();
        expect(onlyRow(await api.db.select({ n: count() }).from(auditLog)).n).toBe(0);
      } finally {
        await api.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${runtime}`);
      await admin.query(`DROP ROLE IF EXISTS ${owner}`);
      await admin.end();
    }
  });
});
