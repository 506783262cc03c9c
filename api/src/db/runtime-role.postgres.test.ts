import { describe, expect, it } from '@rstest/core';
import { count, sql } from 'drizzle-orm';
import { auditLog } from './schema';
import { onlyRow } from './rows';
import { refuseRewritingRole } from './runtime-role';
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
