import { APPROVAL_MESSAGES, type Approval, type ApprovalListQuery } from '@admin/shared/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/connect';
import { approvals, customers, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineList, type Listing } from '../../lists';

const maker = alias(users, 'maker');
const decider = alias(users, 'decider');

function selectApprovals(db: Database | Transaction) {
  return db
    .select({
      row: approvals,
      customerName: customers.customerName,
      makerName: maker.name,
      deciderName: decider.name,
    })
    .from(approvals)
    .innerJoin(customers, eq(customers.id, approvals.customerId))
    .innerJoin(maker, eq(maker.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectApprovals>['execute']>>[number];

function toApproval({ row, customerName, makerName, deciderName }: Row): Approval {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    customer: { _id: row.customerId, customerName },
    targetId: row.targetId,
    input: row.input,
    requestedBy: { _id: row.requestedBy, name: makerName },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy ? { _id: row.decidedBy, name: deciderName ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    resultId: row.resultId,
  };
}

/** One request; `db` may be the transaction that has just written it. */
export async function readApproval(db: Database | Transaction, id: string): Promise<Approval> {
  const [row] = await selectApprovals(db).where(eq(approvals.id, id));
  if (!row) throw notFound(APPROVAL_MESSAGES.notFound);
  return toApproval(row);
}

const APPROVAL_LIST = defineList({
  id: approvals.id,
  select: (db: Database) => selectApprovals(db).$dynamic(),
  where: (query: ApprovalListQuery) =>
    and(
      query.status ? inArray(approvals.status, query.status) : undefined,
      query.kind ? inArray(approvals.kind, query.kind) : undefined,
    ),
  order: {
    columns: { requestedAt: approvals.requestedAt },
    byDefault: { sort: ['requestedAt'], order: 'desc' },
    id: approvals.id,
  },
  readWithJoins: 'every page',
  rows: (found) => found.map(toApproval),
});

/** GET /approvals: newest first, by status and kind. */

export function listApprovals(db: Database, query: ApprovalListQuery): Listing<Approval> {
  return APPROVAL_LIST.read(db, query);
}
