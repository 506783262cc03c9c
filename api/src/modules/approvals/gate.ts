import { isWaitingForApproval, type ApprovalAnswer, type ApprovalKind } from '@admin/shared/contract';
import { formatKd, type Fils } from '@admin/shared/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Transaction } from '../../db/connect';
import { onlyRow } from '../../db/rows';
import { approvals } from '../../db/schema';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { actorOfRequest } from '../../http/resource-routes';
import { mailQueued } from '../../lib/mail-queued';
import { KIND_WORDS, noticeOfRequest } from './notices';
import { readApproval } from './records';
import { approvalAmount } from './settings';

/**
 * What a money write calls once it has checked its request and knows the amount and the customer,
 * before it writes anything: the write goes on when this returns, and stops (holding the request
 * for approval) when it throws. A write run for an approved request is given PROCEED.
 */
export type Gate = (amount: Fils, customerId: string) => Promise<void>;

export const PROCEED: Gate = async () => {};

/** How the audit trail names a request: 'Refund of 3.000 KD'. */
export const approvalLabel = (kind: ApprovalKind, amount: Fils) => `${KIND_WORDS.en[kind]} of ${formatKd(amount)}`;

/** Thrown by a gate that held the request: it carries the answer. */
class Held {
  constructor(readonly answer: ApprovalAnswer) {}
}

/** The request a route holds back: its kind, the record it is about, and the validated body. */
export interface HeldRequest {
  kind: ApprovalKind;
  /** The invoice of a credit note or write-off, the cheque of a bounce. */
  targetId?: string;
  input: unknown;
}

/**
 * The gate of one request: above the company's amount for its kind, the request is stored as
 * pending, audited, and the write stops before it has written anything.
 */
function gateOf(tx: Transaction, actor: Actor, held: HeldRequest): Gate {
  return async (amount, customerId) => {
    const threshold = await approvalAmount(tx, held.kind);
    if (threshold === null || amount <= threshold) return;
    const { id } = onlyRow(
      await tx
        .insert(approvals)
        .values({
          kind: held.kind,
          amount,
          customerId,
          targetId: held.targetId ?? null,
          input: held.input as object,
          requestedBy: actor.id!,
        })
        .returning({ id: approvals.id }),
    );
    const approval = await readApproval(tx, id);
    await appendAudit(tx, actor, [
      {
        action: 'request',
        entityType: 'approval',
        entityId: id,
        label: approvalLabel(held.kind, amount),
        changes: [
          { field: 'kind', before: null, after: held.kind },
          { field: 'amount', before: null, after: amount },
          { field: 'customer', before: null, after: approval.customer.customerName },
        ],
      },
    ]);
    await noticeOfRequest(tx, actor, approval);
    throw new Held({ data: approval });
  };
}

/**
 * A money route's write with its approval gate, in one transaction under the request's
 * Idempotency-Key: the record with `statusCode`, or 202 with the request waiting for approval.
 * `after` runs once the transaction has ended either way.
 */
export async function gatedWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { db: Parameters<typeof runIdempotent>[0]; statusCode: number; held: HeldRequest; after?: () => void },
  write: (tx: Transaction, actor: Actor, gate: Gate) => Promise<T>,
) {
  const actor = actorOfRequest(request);
  const result = await runIdempotent<T | ApprovalAnswer>(
    options.db,
    request,
    (body) => (isWaitingForApproval(body) ? 202 : options.statusCode),
    async (tx) => {
      try {
        return await write(tx, actor, gateOf(tx, actor, options.held));
      } catch (error) {
        // Nothing was written before the gate: the transaction holds the request alone.
        if (error instanceof Held) return error.answer;
        throw error;
      }
    },
  );
  options.after?.();
  // A request held: its notices to those who may decide it are in the outbox.
  if (isWaitingForApproval(result.body)) mailQueued();
  return sendIdempotent(reply, result);
}
