import { asc, gt, max } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { auditLog } from '../../db/schema';
import { onlyRow } from '../../db/rows';

/** The audit entries appended after this call: `await mark()` then `await entriesSince()`. */
export async function auditMark(db: Database): Promise<() => Promise<(typeof auditLog.$inferSelect)[]>> {
  const { last } = onlyRow(await db.select({ last: max(auditLog.seq) }).from(auditLog));
  return () =>
    db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, last ?? 0))
      .orderBy(asc(auditLog.seq));
}
