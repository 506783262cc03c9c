import * as v from 'valibot';
import { ListQueryEntries, queryFilter } from './common';

/** What an audit entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'customer',
  'product',
  'product-type',
  'customer-kind',
  'customer-nationality',
  'customer-city',
  'invoice',
  'credit-note',
  'schedule',
  'payment',
  'bank',
  'cheque',
  'user',
  'session',
  'company-settings',
  'mail-settings',
  'mail',
  'approval',
  'period-lock',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** What happened. Creates, edits and deletes of every record, and the steps with their own names. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'activate',
  'automate',
  'pause',
  'resume',
  'generate',
  'refund',
  'deposit',
  'clear',
  'bounce',
  'return',
  'replace',
  'cancel',
  'write-off',
  'share',
  'send',
  'sign-in',
  'sign-in-failed',
  'password-change',
  'password-reset',
  'resend',
  'promise',
  'request',
  'approve',
  'reject',
  'close',
  'reopen-request',
  'reopen-approve',
  'reopen-reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The username of the automatic jobs (scheduled invoices), which act without a person. */
export const SYSTEM_ACTOR_NAME = 'system';

/** One field's value before and after; null for "none" (a create has no before, a delete no after). */
export const FieldChangeSchema = v.strictObject({
  field: v.string(),
  /** The field's value as recorded: any JSON. */
  before: v.unknown(),
  after: v.unknown(),
});
export type FieldChange = v.InferOutput<typeof FieldChangeSchema>;

/** One entry of the audit trail, as the API answers it: exactly these fields. */
export const AuditEntrySchema = v.strictObject({
  /** Position in the chain, 1, 2, 3… as a string (a bigint on the server). */
  _id: v.string(),
  at: v.string(),
  actor: v.strictObject({ _id: v.nullable(v.string()), username: v.string() }),
  action: v.picklist(AUDIT_ACTIONS),
  entityType: v.picklist(AUDIT_ENTITY_TYPES),
  entityId: v.nullable(v.string()),
  /** How staff name the record: INV-000042, PAY-000007, the customer's name. */
  label: v.string(),
  changes: v.array(FieldChangeSchema),
  hash: v.string(),
  prevHash: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

const day = v.pipe(v.string(), v.isoDate('Use a date as YYYY-MM-DD'));

/** GET /audit-log: newest first. `from`/`to` are days (inclusive) in the business's time zone. */
export const AuditListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  entityType: queryFilter(v.picklist(AUDIT_ENTITY_TYPES, 'Invalid entity type')),
  entityId: queryFilter(v.pipe(v.string(), v.uuid('Invalid entity id'))),
  actor: queryFilter(v.pipe(v.string(), v.maxLength(100, 'Actor is too long'))),
  action: queryFilter(v.picklist(AUDIT_ACTIONS, 'Invalid action')),
  from: queryFilter(day),
  to: queryFilter(day),
});
export type AuditListQuery = v.InferOutput<typeof AuditListQuerySchema>;

/**
 * Why the chain does not verify: an entry's content, link or position does not match its hash
 * ('changed'); it was signed with a key the server does not hold ('unknown-key'); the trail ends
 * before the entry the last anchor names ('missing': the newest entries were deleted); or that
 * entry's hash is not the anchor's ('rewritten': the chain up to it was made again).
 */
export const AUDIT_CHAIN_PROBLEMS = ['changed', 'unknown-key', 'missing', 'rewritten'] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];

/** The chain's head as written outside the database (the anchor file): its last entry then. */
export const AuditAnchorSchema = v.strictObject({
  seq: v.number(),
  hash: v.string(),
  /** When it was written (ISO). */
  at: v.string(),
});
export type AuditAnchor = v.InferOutput<typeof AuditAnchorSchema>;

/** GET /audit-log/verify: the chain walked from the first entry. */
export const AuditVerifyResultSchema = v.strictObject({
  ok: v.boolean(),
  checked: v.number(),
  /** The first entry whose hash or link does not match. */
  firstBrokenId: v.optional(v.string()),
  problem: v.optional(v.picklist(AUDIT_CHAIN_PROBLEMS)),
  /** The last anchor the chain was compared with, when there is one. */
  anchor: v.optional(AuditAnchorSchema),
});
export type AuditVerifyResult = v.InferOutput<typeof AuditVerifyResultSchema>;

export { AUDIT_MONEY_FIELDS } from './audit-money-fields';
