import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import { asc, gt, sql } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { setUpApp } from '../test';
import { appendAnchor, chainHead, lastAnchor, startAnchoring } from './anchors';
import { entryHash, GENESIS_HASH } from './trail';

/**
 * The chain's head is written outside the database, so the newest entries deleted, or the whole
 * trail made again, no longer match the last anchor.
 */
const t = setUpApp();
const verify = async () => (await t.request('GET', '/api/audit-log/verify')).json().data;
const cityCreated = async (cityName: string) => {
  const created = await t.request('POST', '/api/customer-cities', { cityName });
  expect(created.statusCode, created.body).toBe(201);
};
const anchorFile = () => t.config.auditAnchorFile;
const anchorLines = () => readFileSync(anchorFile(), 'utf8').trim().split('\n');
const silent = { info() {}, error() {} };

/** What the database's superuser can do to the trail: its triggers off, `statements`, its triggers on. */
async function aroundTheTriggers(...statements: ReturnType<typeof sql>[]): Promise<void> {
  await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
  try {
    for (const statement of statements) await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
  }
}

describe('the anchor file', () => {
  it('is written at start, when the head has moved, and at stop; its last line is what verify compares with', async () => {
    await cityCreated('Anchored city');
    const anchoring = startAnchoring({ db: t.apiDb, file: anchorFile(), everyMs: 60_000, log: silent });
    await cityCreated('Between anchors');
    await anchoring.stop();
    expect(statSync(anchorFile()).mode & 0o777).toBe(0o600);
    const lines = anchorLines().map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    const head = (await chainHead(t.db))!;
    expect(lines[1]).toMatchObject({ seq: head.seq, hash: head.hash });
    expect(lines[0].seq).toBeLessThan(head.seq);
    expect(await verify()).toEqual({ ok: true, checked: head.seq, anchor: lines[1] });

    // A start and stop with no new entry add no line.
    await startAnchoring({ db: t.apiDb, file: anchorFile(), everyMs: 60_000, log: silent }).stop();
    expect(anchorLines()).toHaveLength(2);
  });

  it('is read from its last whole line: a line cut short by a crash is skipped, and the next starts a line', async () => {
    const before = lastAnchor(anchorFile());
    appendFileSync(anchorFile(), '{"seq":99,"hash":"ab');
    expect(lastAnchor(anchorFile())).toEqual(before);
    const next = appendAnchor(anchorFile(), before!);
    expect(lastAnchor(anchorFile())).toEqual(next);
    expect(lastAnchor(`${anchorFile()}.none`)).toBeUndefined();
  });

  it('stops the start when it cannot be written', () => {
    expect(() =>
      startAnchoring({ db: t.apiDb, file: `${anchorFile()}.missing/anchors`, everyMs: 60_000, log: silent }),
    ).toThrow(/ENOENT/);
  });
});

describe('verify against the last anchor', () => {
  it('reports the newest entries deleted after the anchor was written', async () => {
    await cityCreated('One more');
    await cityCreated('And another');
    const head = (await chainHead(t.db))!;
    const anchor = appendAnchor(anchorFile(), head);
    expect(await verify()).toEqual({ ok: true, checked: head.seq, anchor });

    const deleted = await t.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, head.seq - 2));
    await aroundTheTriggers(sql`delete from audit_log where seq > ${head.seq - 2}`);
    expect(await verify()).toEqual({
      ok: false,
      checked: head.seq - 2,
      firstBrokenId: String(head.seq - 1),
      problem: 'missing',
      anchor,
    });

    await t.db.insert(auditLog).values(deleted);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('reports a trail made again whole with plain hashes, which verifies on its own', async () => {
    const rows = await t.db.select().from(auditLog).orderBy(asc(auditLog.seq));
    let prevHash = GENESIS_HASH;
    const remade = rows.map((row) => {
      const plain = { ...row, label: row.seq === 2 ? 'Rewritten' : row.label, keyId: null, prevHash };
      prevHash = entryHash(plain);
      return { ...plain, hash: prevHash };
    });
    await aroundTheTriggers(
      sql`delete from audit_log`,
      ...remade.map(
        (row) =>
          sql`insert into audit_log (seq, at, actor_id, actor_username, action, entity_type, entity_id, label, changes, key_id, prev_hash, hash)
              values (${row.seq}, ${row.at}, ${row.actorId}, ${row.actorUsername}, ${row.action}, ${row.entityType}, ${row.entityId},
                      ${row.label}, ${JSON.stringify(row.changes)}::jsonb, null, ${row.prevHash}, ${row.hash})`,
      ),
    );
    const anchor = lastAnchor(anchorFile())!;
    expect(await verify()).toEqual({
      ok: false,
      checked: anchor.seq - 1,
      firstBrokenId: String(anchor.seq),
      problem: 'rewritten',
      anchor,
    });
  });
});
