import { PAYABLE_STATUSES, type CreditPosition } from '@admin/shared/contract';
import { fils, type Fils } from '@admin/shared/money';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { filsOf, readFils } from '../../db/money-sql';
import { customerAccounts, customers, invoices } from '../../db/schema';
import { listSql } from '../../db/schema/columns';
import { notFound } from '../../http/errors';

/**
 * A customer's exposure as a column of a select from customers (`customerId` names its id): what
 * their billed invoices still owe − their advance balance. A post-dated cheque in hand posts
 * nothing until it clears, so the invoices it is meant for still owe its amount: it is counted
 * there, once (docs/decisions.md, "Credit limits"). Each part reads through the indexes on
 * customer_id, so a page of customers is one query.
 */
export function exposureOf(customerId: SQL): SQL<Fils> {
  const owed = sql`select sum(${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}) from ${invoices}
    where ${invoices.customerId} = ${customerId} and ${invoices.status} in ${listSql(PAYABLE_STATUSES)}`;
  const advance = sql`select ${customerAccounts.advanceBalance} from ${customerAccounts} where ${customerAccounts.customerId} = ${customerId}`;
  return sql`(${filsOf(owed)} - ${filsOf(advance)})`.mapWith(readFils);
}

const ofCustomerRow = sql.raw('"customers"."id"');

/** The figures of a select from customers that make a CreditPosition. */
const positionColumns = {
  id: customers.id,
  creditLimit: customers.creditLimit,
  maxOverdueDays: customers.maxOverdueDays,
  exposure: exposureOf(ofCustomerRow),
};

type PositionRow = { creditLimit: Fils | null; maxOverdueDays: number | null; exposure: Fils };

const toPosition = ({ creditLimit, maxOverdueDays, exposure }: PositionRow): CreditPosition => ({
  creditLimit,
  maxOverdueDays,
  exposure,
  headroom: creditLimit === null ? null : fils(creditLimit - exposure),
});

/** The credit positions of some customers, by id (the aging report's page). */
export async function creditPositions(db: Database, customerIds: string[]): Promise<Map<string, CreditPosition>> {
  if (!customerIds.length) return new Map();
  const rows = await db.select(positionColumns).from(customers).where(inArray(customers.id, customerIds));
  return new Map(rows.map((row) => [row.id, toPosition(row)]));
}

/** One customer's credit position now; 404 for a customer that does not exist. */
export async function creditPosition(db: Database, customerId: string): Promise<CreditPosition> {
  const position = (await creditPositions(db, [customerId])).get(customerId);
  if (!position) throw notFound('Customer not found');
  return position;
}
