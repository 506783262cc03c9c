import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { setUpApp, TEST_AUDIT_KEYS } from '../test';
import { AUDIT_KEY_FILE, keyringOf, loadAuditKeys, newAuditKey, refuseNewKeyForKeyedTrail } from './keys';
import { entryHash, GENESIS_HASH, useAuditKeys, verifyChain } from './trail';

/**
 * Entries are signed with a key kept outside the database, so whoever can step around the
 * trail's triggers (the database's superuser; on PGlite anyone who opens its folder) cannot
 * rewrite one and recompute the chain. The entries made before keys still verify.
 */
const t = setUpApp();
const verify = async () => (await t.request('GET', '/api/audit-log/verify')).json().data;
const cityCreated = async (cityName: string) => {
  const created = await t.request('POST', '/api/customer-cities', { cityName });
  expect(created.statusCode, created.body).toBe(201);
};
const trail = () => t.db.select().from(auditLog).orderBy(asc(auditLog.seq));
type Row = Awaited<ReturnType<typeof trail>>[number];

/** What the database's superuser can do to the trail: its triggers off, `statements`, its triggers on. */
async function aroundTheTriggers(statements: SQL[]): Promise<void> {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
  try {
    for (const statement of statements) await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
  }
}

/** Puts `rows` back as they were (each test leaves the chain intact for the next). */
const restore = (rows: Row[]) =>
  aroundTheTriggers(
    rows.map(
      (row) =>
        sql`update audit_log set label = ${row.label}, key_id = ${row.keyId}, prev_hash = ${row.prevHash}, hash = ${row.hash} where seq = ${row.seq}`,
    ),
  );

/**
 * Rewrites the entries from `seq` on the way someone without the key would: `edit` changes the
 * first, and every one from it is chained again with plain SHA-256, as entries were before keys.
 */
async function rewriteWithPlainHashes(seq: number, edit: (row: Row) => Row): Promise<Row[]> {
  const rows = await t.db.select().from(auditLog).where(gte(auditLog.seq, seq)).orderBy(asc(auditLog.seq));
  const [before] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.seq, seq - 1));
  let prevHash = before?.hash ?? GENESIS_HASH;
  const rewritten = rows.map((row, i) => {
    const changed = { ...(i === 0 ? edit(row) : row), prevHash };
    prevHash = entryHash({ ...changed, keyId: changed.keyId });
    return { ...changed, hash: prevHash };
  });
  await restore(rewritten);
  return rows;
}

describe('the keyed chain', () => {
  it('verifies a trail whose first entries were made before keys, with plain SHA-256', async () => {
    // The trail of a database upgraded from before keys: plain entries, then keyed ones.
    let prevHash = GENESIS_HASH;
    const plain = [1, 2, 3].map((seq) => {
      const row = {
        seq,
        at: new Date(Date.UTC(2026, 0, seq)),
        actorId: null,
        actorUsername: 'system',
        action: 'create' as const,
        entityType: 'customer-city' as const,
        entityId: null,
        label: `Before keys ${seq}`,
        changes: [],
        keyId: null,
        prevHash,
      };
      prevHash = entryHash(row);
      return { ...row, hash: prevHash };
    });
    await aroundTheTriggers([sql`delete from audit_log`]);
    await t.db.insert(auditLog).values(plain);
    await cityCreated('After keys'); // and the test user's sign-in before it
    const keyId = TEST_AUDIT_KEYS.current.id;
    expect((await trail()).map((row) => row.keyId)).toEqual([null, null, null, keyId, keyId]);
    expect(await verify()).toEqual({ ok: true, checked: 5 });
  });

  it('reports a plain entry rewritten and chained again, where the first keyed entry links to it', async () => {
    const original = await rewriteWithPlainHashes(2, (row) => ({ ...row, label: 'Rewritten' }));
    // Entries 2 and 3 check out on their own; entry 4's HMAC covers the old link.
    expect(await verify()).toEqual({ ok: false, checked: 3, firstBrokenId: '4', problem: 'changed' });
    await restore(original);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('reports a keyed entry rewritten by the superuser with a recomputed plain hash', async () => {
    await cityCreated('Second keyed');
    await cityCreated('Third keyed');
    const original = await rewriteWithPlainHashes(5, (row) => ({ ...row, label: 'Rewritten', keyId: null }));
    expect(await verify()).toEqual({ ok: false, checked: 4, firstBrokenId: '5', problem: 'changed' });
    await restore(original);

    // Keeping the entry's key id and recomputing a plain hash does no better.
    const again = await rewriteWithPlainHashes(6, (row) => ({ ...row, label: 'Rewritten' }));
    expect(await verify()).toEqual({ ok: false, checked: 5, firstBrokenId: '6', problem: 'changed' });
    await restore(again);
    expect(await verify()).toMatchObject({ ok: true });
  });
});

describe('a rotated key', () => {
  it('verifies the old entries with the old key and the new entries with the new one', async () => {
    const oldKey = TEST_AUDIT_KEYS.current;
    const newKey = newAuditKey();
    const rotated = keyringOf([oldKey.secret.toString('utf8'), newKey]);
    await cityCreated('Before rotation');
    useAuditKeys(rotated);
    try {
      await cityCreated('After rotation');
      const rows = await trail();
      const [lastOld, firstNew] = rows.slice(-2);
      expect([lastOld!.keyId, firstNew!.keyId]).toEqual([oldKey.id, rotated.current.id]);
      expect(await verify()).toEqual({ ok: true, checked: rows.length });

      // Without the old key its entries cannot be checked: said so, not reported as changed.
      const firstKeyed = rows.find((row) => row.keyId)!;
      expect(await verifyChain(t.db, { keys: keyringOf([newKey]) })).toEqual({
        ok: false,
        checked: firstKeyed.seq - 1,
        firstBrokenId: String(firstKeyed.seq),
        problem: 'unknown-key',
      });
      expect(await verifyChain(t.db, { keys: TEST_AUDIT_KEYS })).toMatchObject({
        ok: false,
        firstBrokenId: String(firstNew!.seq),
        problem: 'unknown-key',
      });
    } finally {
      useAuditKeys(TEST_AUDIT_KEYS);
    }
  });
});

describe('a new key file on a keyed trail', () => {
  it('is refused and removed: one more instance with a data folder of its own', async () => {
    await cityCreated('Signed with the key of the other instances');
    const keyFile = join(mkdtempSync(join(tmpdir(), 'admin-audit-new-key-')), AUDIT_KEY_FILE);
    writeFileSync(keyFile, `${newAuditKey()}\n`);
    const refusal = refuseNewKeyForKeyedTrail(
      t.apiDb,
      loadAuditKeys({ dataDir: dirname(keyFile) }, { create: false })!,
      keyFile,
    );
    await expect(refusal).rejects.toThrow(/audit trail is signed with another key/);
    expect(existsSync(keyFile)).toBe(false);
    await expect(refuseNewKeyForKeyedTrail(t.apiDb, TEST_AUDIT_KEYS, keyFile)).resolves.toBeUndefined();
  });
});
