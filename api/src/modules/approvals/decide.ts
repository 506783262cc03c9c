import {
  APPROVAL_MESSAGES,
  ChequeBounceSchema,
  CreditNoteInputSchema,
  InvoiceCorrectionSchema,
  permissionDenied,
  RefundInputSchema,
  type Approval,
  type ApprovalKind,
  type Permission,
} from '@admin/shared/contract';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { writeTransaction } from '../../db/contention';
import { onlyRow } from '../../db/rows';
import { approvals, users } from '../../db/schema';
import { conflict, fieldError, HttpError, notFound } from '../../http/errors';
import { ChequeService } from '../cheques/service';
import { CreditNoteService } from '../credit-notes/service';
import { PaymentService } from '../payments/service';
import { approvalLabel, PROCEED } from './gate';
import { KIND_WRITE_PERMISSION, noticeOfDecision } from './notices';
import { readApproval } from './records';

type Row = typeof approvals.$inferSelect;

/**
 * Each kind's write, run for an approved request on its body as kept (read again through the
 * route's schema, which turns its days back into dates); it answers the id of what it made.
 */
interface Write {
  /** The permission the write's route asks: an approver needs it too. */
  permission: Permission;
  run(tx: Transaction, maker: Actor, request: Row, permissions: readonly Permission[]): Promise<string>;
}

function writesOf(db: Database): Record<ApprovalKind, Write> {
  const payments = new PaymentService(db);
  const creditNotes = new CreditNoteService(db);
  const cheques = new ChequeService(db);
  return {
    refund: {
      permission: KIND_WRITE_PERMISSION.refund,
      run: async (tx, maker, request) =>
        (await payments.createRefund(tx, maker, v.parse(RefundInputSchema, request.input), PROCEED))._id,
    },
    creditNote: {
      permission: KIND_WRITE_PERMISSION.creditNote,
      run: async (tx, maker, request, permissions) =>
        (await creditNotes.create(tx, maker, v.parse(CreditNoteInputSchema, request.input), permissions, PROCEED))._id,
    },
    writeOff: {
      permission: KIND_WRITE_PERMISSION.writeOff,
      run: async (tx, maker, request, permissions) =>
        (
          await creditNotes.writeOff(
            tx,
            maker,
            request.targetId!,
            v.parse(InvoiceCorrectionSchema, request.input),
            permissions,
            PROCEED,
          )
        )._id,
    },
    bounce: {
      permission: KIND_WRITE_PERMISSION.bounce,
      run: async (tx, maker, request) =>
        (await cheques.bounce(tx, maker, request.targetId!, v.parse(ChequeBounceSchema, request.input), PROCEED))._id,
    },
  };
}

export type Decision = 'approve' | 'reject';

/**
 * Approves or rejects a pending request. The request's row is locked first, so of two approvers
 * at once (on any instances) one decides and the other is told it is decided (409). Approving
 * runs the held write now, in this transaction, as the maker's, each of its audit entries naming
 * the approver; a write refused now (the balance has changed) refuses the approval with its own
 * message and the request stays pending. Rejecting needs a reason and moves nothing.
 */
export class ApprovalDecisions {
  private readonly writes: Record<ApprovalKind, Write>;

  constructor(private readonly db: Database) {
    this.writes = writesOf(db);
  }

  decide(
    decision: Decision,
    decider: Actor,
    permissions: readonly Permission[],
    id: string,
    reason: string | undefined,
  ): Promise<Approval> {
    return writeTransaction(this.db, async (tx) => {
      const [request] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update');
      if (!request) throw notFound(APPROVAL_MESSAGES.notFound);
      if (request.status === 'approved') throw conflict(APPROVAL_MESSAGES.alreadyApproved);
      if (request.status === 'rejected') throw conflict(APPROVAL_MESSAGES.alreadyRejected);
      if (request.requestedBy === decider.id) throw new HttpError(403, APPROVAL_MESSAGES.ownRequest);
      const write = this.writes[request.kind];
      if (!permissions.includes(write.permission)) throw new HttpError(403, permissionDenied(write.permission));
      if (decision === 'reject' && !reason) throw fieldError('reason', APPROVAL_MESSAGES.reason);

      let resultId: string | null = null;
      if (decision === 'approve') {
        const maker = onlyRow(
          await tx.select({ username: users.username }).from(users).where(eq(users.id, request.requestedBy)),
          'the request maker',
        );
        const asMaker: Actor = { id: request.requestedBy, username: maker.username, approvedBy: decider.username };
        resultId = await write.run(tx, asMaker, request, permissions);
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      await tx
        .update(approvals)
        .set({ status, decidedBy: decider.id, decidedAt: new Date(), reason: reason || null, resultId })
        .where(eq(approvals.id, id));
      await appendAudit(tx, decider, [
        {
          action: decision,
          entityType: 'approval',
          entityId: id,
          label: approvalLabel(request.kind, request.amount),
          changes: [
            { field: 'status', before: 'pending_approval', after: status },
            ...(reason ? [{ field: 'reason', before: null, after: reason }] : []),
          ],
        },
      ]);
      const decided = await readApproval(tx, id);
      await noticeOfDecision(tx, decider, decided);
      return decided;
    });
  }
}
