/**
 * PostgreSQL advisory lock ids, one per purpose, kept in one place so two purposes can never share
 * one by accident (a shared id would make unrelated work wait for each other).
 */
export const ADVISORY_LOCKS = {
  /** Migrations at start: several instances may start together (session lock). */
  migrations: 7426110,
  /** The audit trail's chain: entries join it one at a time (transaction lock). */
  auditChain: 7426111,
  /** Demo data on a first start (transaction lock). */
  seed: 7426112,
  /** Changes to who is an active admin, so the last one cannot be removed by two edits at once. */
  adminSet: 7426113,
  /** Folding the dashboard figures' deltas: one instance at a time (transaction lock). */
  dashboardFigures: 7426114,
  /** Folding the receivable figures' deltas (aging report): one instance at a time (transaction lock). */
  receivableFigures: 7426115,
  /**
   * The closed period (modules/period-lock/guard.ts): every dated write takes it shared, a close or
   * an approved reopen exclusive (transaction locks).
   */
  periodLock: 7426116,
} as const;
