import {
  CREDIT_NOTE_REASON_LABELS,
  paidBy,
  type CreditNoteReason,
  type CustomerStatement,
  type PaymentMode,
  type StatementLine,
  type StatementLineKind,
} from '@admin/shared/contract';
import { addMonthsKeepingDay, dayToUtcMidnight, toDay, type CalendarDay } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { readFils } from '../../db/money-sql';
import { customers } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { notFound } from '../../http/errors';
import { agingOfColumn, customerAgingColumn } from './aging';

/**
 * A customer's movements as debits (what raises what they owe) and credits (money received), in
 * fils: billed invoices (not draft, nor cancelled unless by credit notes) at their total on their
 * date; credit notes as credit of their whole amount (the part that had been paid moved to the
 * advance balance, which the customer no longer owes either); advances as credit;
 * invoice payments as credit of the money paid in (the advance part was credited when it came in);
 * refunds as debit (money paid back out), and so are the reversals of a returned cheque's payments
 * (money taken back: negative amounts). Summed from the first movement, this is the customer's
 * balance: invoices due minus their advance balance.
 */
function movementsOf(customerId: Placeholder, to: Placeholder) {
  return sql`
    select to_char(i.date_of_creation, 'YYYY-MM-DD') as day, 0 as rank, i.invoice_number as number, 'invoice' as kind,
      i.total_amount as debit, 0::int8 as credit, i.credit as on_credit, to_char(i.due_date, 'YYYY-MM-DD') as due_day,
      null::int8 as advance_used, null::text as invoices, null::text as mode, 0::int8 as amount
    from invoices i
    where i.customer_id = ${customerId} and i.date_of_creation <= ${to}::date
      and i.status <> 'draft' and (i.status <> 'cancelled' or i.credited_amount > 0)
    union all
    select to_char(p.payment_date, 'YYYY-MM-DD'), 1, p.payment_number, p.payment_type,
      case when p.amount < 0 then -p.amount else 0 end,
      case when p.amount < 0 then 0 else p.amount - p.advance_used end,
      null, null, p.advance_used,
      (select string_agg(i.invoice_number, ', ' order by i.invoice_number) from payment_allocations a join invoices i on i.id = a.invoice_id where a.payment_id = p.id),
      p.payment_mode::text, p.amount
    from payments p
    where p.customer_id = ${customerId} and p.payment_date <= ${to}::date
    union all
    select to_char(n.credit_date, 'YYYY-MM-DD'), 2, n.credit_note_number, 'credit_note', 0, n.amount,
      null, null, null, i.invoice_number, n.reason, n.amount
    from credit_notes n join invoices i on i.id = n.invoice_id
    where n.customer_id = ${customerId} and n.credit_date <= ${to}::date`;
}

type Movement = {
  day: string;
  number: string;
  kind: StatementLineKind;
  debit: number;
  credit: number;
  on_credit: boolean | null;
  due_day: string | null;
  advance_used: number | null;
  invoices: string | null;
  /** A payment's mode, or a credit note's reason. */
  mode: PaymentMode | CreditNoteReason | null;
  amount: number;
};

function describe(move: Movement): string {
  switch (move.kind) {
    case 'invoice':
      return move.on_credit ? `Invoice, due ${move.due_day}` : 'Invoice (Cash)';
    case 'advance':
      return move.debit > 0 ? 'Advance taken back: returned cheque' : 'Advance payment';
    case 'refund':
      return 'Refund of the advance balance';
    case 'credit_note':
      return `Credit note for ${move.invoices}: ${CREDIT_NOTE_REASON_LABELS[move.mode as CreditNoteReason]}`;
    case 'invoice_payment': {
      const paid = `Payment for ${move.invoices ?? 'invoices'}`;
      if (move.debit > 0) return `${paid} taken back: returned cheque`;
      // The parts when the advance paid some: 'Payment for INV-000042: Knet 15.000 + Advance 45.000'.
      const advanceUsed = readFils(move.advance_used);
      const parts = paidBy({ paymentMode: move.mode as PaymentMode, amount: readFils(move.amount), advanceUsed });
      return advanceUsed ? `${paid}: ${parts}` : paid;
    }
  }
}

/** The default period: the three months up to the business day. */
export function defaultPeriod(today: CalendarDay): { from: CalendarDay; to: CalendarDay } {
  return { from: addMonthsKeepingDay(today, -3), to: today };
}

/**
 * The period a statement query asks for: by default the three months up to the business day, or
 * up to `to`; `from` alone runs to the business day. It may come out backwards (from after to).
 */
export function statementPeriod(
  today: CalendarDay,
  query: { from?: string; to?: string },
): { from: CalendarDay; to: CalendarDay } {
  const to = query.to ? toDay(query.to) : today;
  return { from: query.from ? toDay(query.from) : defaultPeriod(to).from, to };
}

/**
 * The statement of a customer for `from`–`to` (both included): the balance before `from`, each
 * movement of the period in date order (invoices before payments on a day, then by number) with
 * the running balance, the closing balance and the aging at `to`. Exact integers throughout.
 */
const statementQuery = preparedPerDatabase((db) => {
  const customerId = sql.placeholder('customerId');
  const from = sql.placeholder('from');
  const to = sql.placeholder('to');
  return db
    .select({
      _id: customers.id,
      customerName: customers.customerName,
      customerAlternateName: customers.customerAlternateName,
      paymentTermsDays: customers.paymentTermsDays,
      period: sql<{ opening: number; moves: Movement[]; aging: unknown }>`(
        with m as (${movementsOf(customerId, to)})
        select json_build_object(
          'opening', (select coalesce(sum(debit - credit), 0)::int8 from m where m.day < ${from}),
          'moves', (select coalesce(json_agg(m order by m.day, m.rank, m.number), '[]'::json) from m where m.day >= ${from}),
          'aging', ${customerAgingColumn(customerId, to)}))`,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .prepare('customer_statement');
});

export async function customerStatement(
  db: Database,
  customerId: string,
  from: CalendarDay,
  to: CalendarDay,
): Promise<CustomerStatement> {
  // One statement, one connection and one round trip: the customer, the balance before the
  // period, the period's movements and the aging at its end.
  const [found] = await statementQuery(db).execute({ customerId, from, to });
  if (!found) throw notFound('Customer not found');
  const { period, ...customer } = found;
  const rows = period.moves;
  const openingBalance = readFils(period.opening);
  const aging = agingOfColumn(period.aging);
  let balance = openingBalance;
  const lines: StatementLine[] = rows.map((row) => {
    const debit = readFils(row.debit);
    const credit = readFils(row.credit);
    balance = fils(balance + debit - credit);
    return {
      date: dayToUtcMidnight(row.day),
      kind: row.kind,
      number: row.number,
      description: describe(row),
      debit,
      credit,
      balance,
    };
  });
  return {
    customer,
    from: dayToUtcMidnight(toDay(from)),
    to: dayToUtcMidnight(toDay(to)),
    openingBalance,
    lines,
    closingBalance: balance,
    aging,
  };
}
