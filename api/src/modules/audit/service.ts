import type { AuditEntry, AuditListQuery, AuditVerifyResult } from '@admin/shared/contract';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { lastAnchor } from '../../audit/anchors';
import { verifyChain } from '../../audit/trail';
import type { Database } from '../../db/connect';
import { auditLog } from '../../db/schema';
import { defineList, searchAcross, type Listing } from '../../lists';

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    _id: String(row.seq),
    at: row.at.toISOString(),
    actor: { _id: row.actorId, username: row.actorUsername },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    label: row.label,
    changes: row.changes,
    hash: row.hash,
    prevHash: row.prevHash,
  };
}

/** The instant a business day starts in `timeZone` ('2026-03-05' in Kuwait is 2026-03-04T21:00Z). */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** The read side of the audit trail; entries are written by the changes they record (appendAudit). */
export class AuditService {
  /** `timeZone` is the business's: from/to name its days; `anchorFile` holds the chain's anchors (audit/anchors.ts). */
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    private readonly anchorFile: string,
  ) {}

  /** Newest first: the chain's order, which is commit order. */
  private readonly listed = defineList({
    id: auditLog.seq,
    select: (db: Database) => db.select().from(auditLog).$dynamic(),
    where: (query: AuditListQuery) => this.filterOf(query),
    order: { columns: {}, byDefault: { sort: [], order: 'desc' }, id: auditLog.seq },
    readWithJoins: 'every page',
    rows: (found) => found.map(toEntry),
  });

  private filterOf(query: AuditListQuery): SQL | undefined {
    return and(
      searchAcross(query.search, [auditLog.label, auditLog.actorUsername]),
      query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
      query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
      // Usernames are stored lower-case.
      query.actor ? eq(auditLog.actorUsername, query.actor.trim().toLowerCase()) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.from ? gte(auditLog.at, dayStart(query.from, this.timeZone)) : undefined,
      query.to ? lt(auditLog.at, dayStart(query.to, this.timeZone, 1)) : undefined,
    );
  }

  list(query: AuditListQuery): Listing<AuditEntry> {
    return this.listed.read(this.db, query);
  }

  verify(): Promise<AuditVerifyResult> {
    return verifyChain(this.db, { anchor: lastAnchor(this.anchorFile) });
  }
}
