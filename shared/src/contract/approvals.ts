import * as v from 'valibot';
import { FilsField, ListQueryEntries, moneySchema, queryFilter, statusListFilter } from './common';

// Four-eyes approvals: refunds, credit notes, write-offs and cheque bounces above an amount an
// admin sets per kind (GET/PUT /settings/approvals) wait as requests that another staff member
// approves (the money then moves, once) or rejects with a reason (nothing moves).

export const APPROVAL_SETTINGS_PATH = '/settings/approvals';

/** What a request asks for, by the write it holds back. */
export const APPROVAL_KINDS = ['refund', 'creditNote', 'writeOff', 'bounce'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_MESSAGES = {
  amount: 'Enter an amount of 0 KD or more, or leave it empty for no approval',
  reason: 'Give a reason',
  reasonMax: 'Reason cannot exceed 500 characters',
  notFound: 'Approval request not found',
  ownRequest: 'A request cannot be approved or rejected by the user who made it',
  alreadyApproved: 'This request was already approved',
  alreadyRejected: 'This request was already rejected',
} as const;

const threshold = v.nullable(moneySchema(APPROVAL_MESSAGES.amount));

/**
 * PUT /settings/approvals: for each kind, the amount in fils above which a request waits for
 * approval (an amount equal to it does not); null: never.
 */
export const ApprovalSettingsInputSchema = v.strictObject({
  refund: threshold,
  creditNote: threshold,
  writeOff: threshold,
  bounce: threshold,
});
export type ApprovalSettingsInput = v.InferOutput<typeof ApprovalSettingsInputSchema>;

/** GET /settings/approvals: each kind's amount as kept (fils), or null. */
const keptThreshold = v.nullable(FilsField);
export const ApprovalSettingsSchema = v.strictObject({
  refund: keptThreshold,
  creditNote: keptThreshold,
  writeOff: keptThreshold,
  bounce: keptThreshold,
});
export type ApprovalSettings = v.InferOutput<typeof ApprovalSettingsSchema>;

export const NO_APPROVALS: ApprovalSettings = { refund: null, creditNote: null, writeOff: null, bounce: null };

/** GET /approvals: newest first; `status` and `kind` each take one value or several, comma-separated. */
export const ApprovalListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: statusListFilter(APPROVAL_STATUSES),
  kind: queryFilter(
    v.pipe(
      v.string(),
      v.transform((text) => text.split(',').map((part) => part.trim())),
      v.array(v.picklist(APPROVAL_KINDS, 'Invalid kind')),
    ),
  ),
});
export type ApprovalListQuery = v.InferOutput<typeof ApprovalListQuerySchema>;

/** POST /approvals/:id/approve (reason optional) and /reject (reason required). */
export const ApprovalDecisionSchema = v.strictObject({
  reason: v.optional(
    v.pipe(v.string(APPROVAL_MESSAGES.reason), v.trim(), v.maxLength(500, APPROVAL_MESSAGES.reasonMax)),
  ),
});
export type ApprovalDecision = v.InferOutput<typeof ApprovalDecisionSchema>;

/** A staff member a request names: who asked, who decided. */
const NamedUserSchema = v.strictObject({ _id: v.string(), name: v.string() });

/** One request, as the API answers it (and the Approvals list shows it): exactly these fields. */
export const ApprovalSchema = v.strictObject({
  _id: v.string(),
  kind: v.picklist(APPROVAL_KINDS),
  status: v.picklist(APPROVAL_STATUSES),
  amount: FilsField,
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  /** The record the write is about: the invoice of a credit note or write-off, the cheque bounced. */
  targetId: v.nullable(v.string()),
  /** The request's body as the maker sent it: any JSON, replayed by the approval. */
  input: v.unknown(),
  requestedBy: NamedUserSchema,
  requestedAt: v.string(),
  decidedBy: v.nullable(NamedUserSchema),
  decidedAt: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  /** What the approved write made: the refund payment, the credit note, the cheque. */
  resultId: v.nullable(v.string()),
});
export type Approval = v.InferOutput<typeof ApprovalSchema>;

/** The answer of a write that waits (202). */
export interface ApprovalAnswer {
  data: Approval;
}

/** True when what a money write answered is a request waiting for approval rather than the record. */
export function isApprovalRequest(record: unknown): record is Approval {
  return !!record && typeof record === 'object' && (record as { status?: unknown }).status === 'pending_approval';
}

/** True when a money write's whole answer (202) is a request waiting for approval. */
export function isWaitingForApproval(answer: unknown): answer is ApprovalAnswer {
  return !!answer && typeof answer === 'object' && 'data' in answer && isApprovalRequest(answer.data);
}

/** The Reject dialog's form: a reject needs its reason. */
export const ApprovalRejectSchema = v.strictObject({
  reason: v.pipe(
    v.string(APPROVAL_MESSAGES.reason),
    v.trim(),
    v.nonEmpty(APPROVAL_MESSAGES.reason),
    v.maxLength(500, APPROVAL_MESSAGES.reasonMax),
  ),
});
