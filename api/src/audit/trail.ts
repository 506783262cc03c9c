import { createHash, createHmac } from 'node:crypto';
import {
  SYSTEM_ACTOR_NAME,
  type AuditAction,
  type AuditChainProblem,
  type AuditVerifyResult,
  type AuditEntityType,
  type AuthUser,
  type FieldChange,
} from '@admin/shared/contract';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/connect';
import { auditLog } from '../db/schema';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { canonicalJson } from '../lib/canonical-json';
import { asStored } from '../lib/stored-text';
import type { Anchor } from './anchors';
import type { AuditKey, AuditKeyring } from './keys';

/** Who made a change: a signed-in user, or the automatic jobs (no id, username 'system'). */
export interface Actor {
  id: string | null;
  username: string;
  /**
   * The staff member who approved this actor's request (modules/approvals): the change is the
   * actor's, made when the approver said yes, and each of its entries names the approver.
   */
  approvedBy?: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, username: SYSTEM_ACTOR_NAME };
export const actorOf = (user: Pick<AuthUser, '_id' | 'username'>): Actor => ({ id: user._id, username: user.username });

/** One thing that happened, as the code that did it describes it. */
export interface AuditEvent {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  /** How staff name the record: INV-000042, PAY-000007, the customer's name. */
  label: string;
  changes?: FieldChange[];
}

/** The hash of the entry before the first one. */
export const GENESIS_HASH = '0'.repeat(64);

type AuditRow = typeof auditLog.$inferSelect;

let processKeys: AuditKeyring | undefined;

/**
 * The keys this process signs new entries with and verifies against: one set per process, read
 * at start (main.ts, the tools, the test harness), so the modules' calls to appendAudit stay as
 * they are.
 */
export function useAuditKeys(keys: AuditKeyring): void {
  processKeys = keys;
}

/**
 * The entry's hash over its content and the previous entry's hash: an HMAC-SHA-256 with `key`,
 * whose id is part of the content, or plain SHA-256 for the entries made before keys (key_id null).
 */
export function entryHash(row: Omit<AuditRow, 'hash'>, key?: AuditKey): string {
  const content = canonicalJson({
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    label: row.label,
    changes: row.changes,
    // Left out when null, so the entries made before keys hash as they always did.
    keyId: row.keyId ?? undefined,
  });
  const message = `${row.prevHash}\n${content}`;
  if (!key) return createHash('sha256').update(message).digest('hex');
  return createHmac('sha256', key.secret).update(message).digest('hex');
}

/**
 * Appends `events` to the trail inside the caller's transaction, so they commit or roll back with
 * the change they record. Call it last in the transaction (see ADVISORY_LOCKS.auditChain).
 */
export async function appendAudit(
  tx: Transaction | Database,
  actor: Actor,
  events: AuditEvent[],
  at = new Date(),
): Promise<void> {
  if (!events.length) return;
  const key = processKeys?.current;
  if (!key) throw new Error('The audit key is not loaded (useAuditKeys at start)');
  // Entries join the chain one at a time, in commit order. Appends come last in their
  // transactions and wait for nothing else while they hold the lock, so it cannot deadlock.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const rows: AuditRow[] = events.map((event) => {
    seq += 1;
    // Hashed as stored, so verifying the stored row gives the same hash (the edge refuses such text).
    const row = asStored({
      seq,
      at,
      actorId: actor.id,
      actorUsername: actor.username,
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId,
      label: event.label,
      changes: actor.approvedBy
        ? [...(event.changes ?? []), { field: 'approvedBy', before: null, after: actor.approvedBy }]
        : (event.changes ?? []),
      keyId: key.id,
      prevHash,
    });
    prevHash = entryHash(row, key);
    return { ...row, hash: prevHash };
  });
  await tx.insert(auditLog).values(rows);
}

export type ChainCheck = AuditVerifyResult;

/**
 * Walks the whole chain in order, a page at a time, recomputing every hash with the key its
 * entry names. Entries made before keys (plain SHA-256) may only come first: a plain entry after
 * a keyed one is a rewrite that dropped the key, and is reported as a change. With `anchor` (the
 * last one written outside the database, read before the walk so that every entry it names has
 * committed) the chain must still reach its entry, with its hash.
 */
export async function verifyChain(
  db: Database,
  { keys = processKeys, anchor, pageSize = 2000 }: { keys?: AuditKeyring; anchor?: Anchor; pageSize?: number } = {},
): Promise<ChainCheck> {
  const withAnchor = (check: ChainCheck): ChainCheck => (anchor ? { ...check, anchor } : check);
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  let keyed = false;
  let anchoredHash: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, expectedSeq - 1))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);
    for (const row of rows) {
      const broken = (problem: AuditChainProblem): ChainCheck =>
        withAnchor({
          ok: false,
          checked,
          firstBrokenId: String(row.seq === expectedSeq ? row.seq : expectedSeq),
          problem,
        });
      const key = row.keyId === null ? undefined : keys?.byId.get(row.keyId);
      if (row.keyId !== null && !key) return broken('unknown-key');
      const intact =
        row.seq === expectedSeq && row.prevHash === prevHash && !(keyed && !key) && entryHash(row, key) === row.hash;
      if (!intact) return broken('changed');
      keyed ||= !!key;
      if (row.seq === anchor?.seq) anchoredHash = row.hash;
      checked += 1;
      expectedSeq += 1;
      prevHash = row.hash;
    }
    if (rows.length === pageSize) continue;
    if (anchor && checked < anchor.seq)
      return withAnchor({ ok: false, checked, firstBrokenId: String(checked + 1), problem: 'missing' });
    if (anchor && anchoredHash !== anchor.hash)
      return withAnchor({
        ok: false,
        checked: anchor.seq - 1,
        firstBrokenId: String(anchor.seq),
        problem: 'rewritten',
      });
    return withAnchor({ ok: true, checked });
  }
}
