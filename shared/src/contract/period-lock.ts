import * as v from 'valibot';
import { formatDay } from '../dates';
import { DayField, daySchema } from './common';

// Closed periods: an admin closes the books through a day (PUT /settings/period-lock); from then on
// no record dated on or before it is created, edited or deleted, by anyone. Moving the day back is
// a reopen, asked by one admin with a reason and approved by another. docs/api-period-lock.md.

/** Where the closed period is read and set. */
export const PERIOD_LOCK_PATH = '/settings/period-lock';
/** Where a reopen is asked for; `${PERIOD_LOCK_REOPEN_PATH}/:id/approve` and `/reject` decide it. */
export const PERIOD_LOCK_REOPEN_PATH = '/settings/period-lock/reopen';

export const PERIOD_LOCK_MESSAGES = {
  lockedThrough: 'Choose the last day of the closed period',
  reason: 'Give the reason for reopening',
  reasonMax: 'The reason cannot exceed 500 characters',
  rejectReason: 'Give the reason for rejecting',
  future: 'The books can be closed through today at the latest',
  backwards: 'The books are closed through {{day}}: to move the day back, ask for a reopen',
  notEarlier: 'A reopen moves the closed period back: choose a day before {{day}}, or none',
  nothingClosed: 'The books are not closed: there is nothing to reopen',
  pending: 'A reopen is already waiting for approval',
  decided: 'This reopen was already decided',
  notFound: 'Reopen request not found',
  ownRequest: 'Another administrator must approve your reopen request',
} as const;

/** The 409 of every write dated on or before the closed day. */
export const CLOSED_PERIOD_MESSAGE = 'The books are closed through {{day}}';

/** CLOSED_PERIOD_MESSAGE for the day the books are closed through. */
export function closedPeriodMessage(lockedThrough: string): string {
  return CLOSED_PERIOD_MESSAGE.replace('{{day}}', formatDay(lockedThrough));
}

/** PUT /settings/period-lock: close the books through this day (it only moves forward). */
export const PeriodLockInputSchema = v.strictObject({
  lockedThrough: daySchema(PERIOD_LOCK_MESSAGES.lockedThrough),
});
export type PeriodLockInput = v.InferOutput<typeof PeriodLockInputSchema>;

const reasonSchema = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(500, PERIOD_LOCK_MESSAGES.reasonMax));

/** POST /settings/period-lock/reopen: the earlier day the books should stay closed through (null: none). */
export const PeriodReopenInputSchema = v.strictObject({
  lockedThrough: v.nullable(daySchema(PERIOD_LOCK_MESSAGES.lockedThrough)),
  reason: reasonSchema(PERIOD_LOCK_MESSAGES.reason),
});
export type PeriodReopenInput = v.InferOutput<typeof PeriodReopenInputSchema>;

/** POST /settings/period-lock/reopen/:id/reject. */
export const PeriodReopenRejectSchema = v.strictObject({
  reason: reasonSchema(PERIOD_LOCK_MESSAGES.rejectReason),
});
export type PeriodReopenReject = v.InferOutput<typeof PeriodReopenRejectSchema>;

export const PERIOD_REOPEN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PeriodReopenStatus = (typeof PERIOD_REOPEN_STATUSES)[number];

/** A reopen: asked by one admin, decided by another. */
const AdminSchema = v.strictObject({ _id: v.nullable(v.string()), name: v.string() });
export const PeriodReopenRequestSchema = v.strictObject({
  _id: v.string(),
  /** The day the books would stay closed through; null opens them all. */
  lockedThrough: v.nullable(DayField),
  reason: v.string(),
  status: v.picklist(PERIOD_REOPEN_STATUSES),
  requestedBy: AdminSchema,
  requestedAt: v.string(),
  decidedBy: v.nullable(AdminSchema),
  decidedAt: v.nullable(v.string()),
  decisionReason: v.nullable(v.string()),
});
export type PeriodReopenRequest = v.InferOutput<typeof PeriodReopenRequestSchema>;

/** GET /settings/period-lock (and the answer of every change to it). */
export const PeriodLockSchema = v.strictObject({
  /** null: no period is closed. */
  lockedThrough: v.nullable(DayField),
  /** The reopen waiting for a second admin, if any. */
  pendingReopen: v.nullable(PeriodReopenRequestSchema),
});
export type PeriodLock = v.InferOutput<typeof PeriodLockSchema>;
