import {
  CHEQUE_STEPS,
  chequeStepRefusal,
  type Cheque,
  type ChequeBounce,
  type ChequeDeposit,
  type ChequeInput,
  type ChequeListQuery,
  type ChequePayment,
  type ChequeReplace,
  type ChequeReturn,
  type ChequesToDeposit,
  type ChequeStep,
  type ChequeClear,
} from '@admin/shared/contract';
import { dayToUtcMidnight, formatDay, type CalendarDay, type Day } from '@admin/shared/dates';
import { fils, sumFils, type Fils } from '@admin/shared/money';
import { and, asc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { recordEvent, type AuditedKind } from '../../audit/changes';
import { appendAudit, type Actor, type AuditEvent } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { readFils } from '../../db/money-sql';
import { onlyRow } from '../../db/rows';
import { banks, chequeInvoices, cheques, customers, payments } from '../../db/schema';
import { defineList, picked, searchAcross, withinDays, type Listing, type ListOrder } from '../../lists';
import { badRequest, conflict, notFound } from '../../http/errors';
import { CUSTOMER_AUDIT, CustomerService, customerNamed } from '../customers/service';
import { INVOICE_AUDIT, insertInvoice, InvoiceService } from '../invoices/service';
import {
  changeAdvanceBalance,
  insertPayment,
  insertReversal,
  lockAccount,
  lockInvoices,
  refusalToPay,
  remainingOf,
} from '../ledger/moves';
import { PAYMENT_AUDIT, readPayment } from '../ledger/payment-record';
import { writeWithReferences } from '../references';
import { assertPeriodOpen } from '../period-lock/guard';
import { holidayDays, nextBusinessDay } from '../settings/business-days';
import { PROCEED, type Gate } from '../approvals/gate';

type ChequeRow = typeof cheques.$inferSelect;

/** A cheque is named by its number. */
export const CHEQUE_AUDIT: AuditedKind<Cheque> = { entityType: 'cheque', label: (cheque) => cheque.chequeNumber };

// Written out qualified: inside the subqueries below an unqualified "id" would be the inner table's.
const chequeId = sql.raw('"cheques"."id"');

const relatedInvoicesJson = sql<Cheque['relatedInvoices']>`(
  select coalesce(json_agg(json_build_object('invoice', i.id, 'invoiceNumber', i.invoice_number, 'paidAmount', ci.amount)
    order by i.invoice_number), '[]'::json)
  from ${chequeInvoices} ci join invoices i on i.id = ci.invoice_id where ci.cheque_id = ${chequeId})`;

/** The payments the cheque posted, or (reversals) the entries that took them back. */
const paymentsJson = (reversals: boolean) => sql<ChequePayment[]>`(
  select coalesce(json_agg(json_build_object('_id', p.id, 'paymentNumber', p.payment_number, 'paymentType', p.payment_type,
    'amount', p.amount, 'paymentDate', to_char(p.payment_date, 'YYYY-MM-DD')) order by p.payment_number), '[]'::json)
  from ${payments} p where p.cheque_id = ${chequeId} and p.reverses_payment_id is ${reversals ? sql`not null` : sql`null`})`;

const invoiceNamed = (column: SQL) =>
  sql<
    Cheque['chargeInvoice']
  >`(select json_build_object('_id', i.id, 'invoiceNumber', i.invoice_number) from invoices i where i.id = ${column})`;

/** A cheque named by its id and number, from `condition` on the cheques table (aliased c). */
const chequeNamed = (condition: SQL) =>
  sql<
    Cheque['replacedBy']
  >`(select json_build_object('_id', c.id, 'chequeNumber', c.cheque_number) from cheques c where ${condition})`;

const columns = {
  cheque: cheques,
  bank: { _id: banks.id, bankName: banks.name, bankNameAr: banks.nameAr },
  customer: { _id: customers.id, customerName: customers.customerName },
  relatedInvoices: relatedInvoicesJson,
  payments: paymentsJson(false),
  reversals: paymentsJson(true),
  shortfallInvoice: invoiceNamed(sql.raw('"cheques"."shortfall_invoice_id"')),
  chargeInvoice: invoiceNamed(sql.raw('"cheques"."charge_invoice_id"')),
  replacedBy: chequeNamed(sql.raw('c.id = "cheques"."replaced_by_id"')),
  replaces: chequeNamed(sql.raw('c.replaced_by_id = "cheques"."id"')),
};

function selectCheques(db: Database) {
  return db
    .select(columns)
    .from(cheques)
    .innerJoin(banks, eq(banks.id, cheques.bankId))
    .innerJoin(customers, eq(customers.id, cheques.customerId));
}

const entriesOf = (lines: ChequePayment[]) =>
  lines.map((line) => ({ ...line, amount: readFils(line.amount), paymentDate: dayToUtcMidnight(line.paymentDate) }));

function toCheque(row: Awaited<ReturnType<typeof selectCheques>>[number]): Cheque {
  const c = row.cheque;
  return {
    _id: c.id,
    chequeNumber: c.chequeNumber,
    bank: row.bank,
    drawerName: c.drawerName,
    chequeDate: c.chequeDate,
    amount: c.amount,
    receivedDate: c.receivedDate,
    postDated: c.chequeDate > c.receivedDate,
    customer: row.customer,
    relatedInvoices: row.relatedInvoices.map((line) => ({ ...line, paidAmount: readFils(line.paidAmount) })),
    notes: c.notes,
    status: c.status,
    postedDate: c.postedDate,
    depositedDate: c.depositedDate,
    bankAccount: c.bankAccount,
    clearedDate: c.clearedDate,
    bouncedDate: c.bouncedDate,
    bounceReason: c.bounceReason,
    bounceCharge: c.bounceCharge,
    returnedDate: c.returnedDate,
    returnReason: c.returnReason,
    payments: entriesOf(row.payments),
    reversals: entriesOf(row.reversals),
    shortfallInvoice: row.shortfallInvoice,
    chargeInvoice: row.chargeInvoice,
    replacedBy: row.replacedBy,
    replaces: row.replaces,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function filterOf(query: ChequeListQuery): SQL | undefined {
  return and(
    searchAcross(query.search, [cheques.chequeNumber, (pattern) => customerNamed(cheques.customerId, pattern)]),
    picked(cheques.status, query.status),
    query.customer ? eq(cheques.customerId, query.customer) : undefined,
    query.bank ? eq(cheques.bankId, query.bank) : undefined,
    withinDays(cheques.chequeDate, query),
  );
}

/** Latest cheque date first, then number. */
const CHEQUE_ORDER: ListOrder<NonNullable<ChequeListQuery['sort']>> = {
  columns: {
    chequeNumber: cheques.chequeNumber,
    customer: customers.customerName,
    bank: banks.name,
    amount: cheques.amount,
    chequeDate: cheques.chequeDate,
    receivedDate: cheques.receivedDate,
    status: cheques.status,
  },
  byDefault: { sort: ['chequeDate', 'chequeNumber'], order: 'desc' },
  id: cheques.id,
};

/** What one step writes on the cheque besides its status, and the entries of what else it made. */
interface StepOutcome {
  changes: Partial<ChequeRow>;
  events: AuditEvent[];
}

const CHEQUE_LIST = defineList({
  id: cheques.id,
  select: (db: Database) => selectCheques(db).$dynamic(),
  where: filterOf,
  order: CHEQUE_ORDER,
  readWithJoins: ['customer', 'bank'],
  rows: (found) => found.map(toCheque),
});

/**
 * The cheque register. Every write is one transaction that takes the ledger's locks in its order:
 * the customer's account row, then the cheque row, then invoices by id (then the figures, which
 * the triggers write). A step checks the cheque's status under its row lock, so of concurrent
 * identical steps one takes effect and the others are refused (409) without changing anything.
 */
export class ChequeService {
  private readonly invoices: InvoiceService;
  private readonly customers: CustomerService;

  constructor(private readonly db: Database) {
    this.invoices = new InvoiceService(db);
    this.customers = new CustomerService(db);
  }

  list(query: ChequeListQuery): Listing<Cheque> {
    return CHEQUE_LIST.read(this.db, query);
  }

  /** One cheque; `db` may be the transaction that has just written it. */
  async get(id: string, db: Database = this.db): Promise<Cheque> {
    const [row] = await selectCheques(db).where(eq(cheques.id, id));
    if (!row) throw notFound('Cheque not found');
    return toCheque(row);
  }

  /** Cheques in hand dated up to the next business day after `today`: what goes to the bank next. */
  async toDeposit(today: CalendarDay): Promise<ChequesToDeposit> {
    const until = dayToUtcMidnight(nextBusinessDay(today, await holidayDays(this.db)));
    const rows = await selectCheques(this.db)
      .where(and(eq(cheques.status, 'in_hand'), lte(cheques.chequeDate, until)))
      .orderBy(asc(cheques.chequeDate), asc(cheques.chequeNumber), asc(cheques.id));
    const list = rows.map(toCheque);
    return {
      until,
      count: list.length,
      totalAmount: sumFils(list.map((cheque) => cheque.amount)),
      cheques: list,
    };
  }

  /**
   * Records a cheque received. Its invoices must be the customer's, payable, and each part within
   * what the invoice still needs, as for a payment. Dated on or before the day it was received, it
   * is money now: posted at once, dated that day. Post-dated, it posts nothing until it clears.
   */
  async create(tx: Transaction, actor: Actor, request: ChequeInput): Promise<Cheque> {
    // Ids are compared as text below; the database writes uuids in lower case.
    const customerId = request.customer.toLowerCase();
    const lines = (request.relatedInvoices ?? []).map((line) => ({
      invoiceId: line.invoice.toLowerCase(),
      amount: line.paidAmount,
    }));
    // The closed period first: a write's first lock (period-lock/guard.ts).
    await assertPeriodOpen(tx, { receivedDate: request.receivedDate });
    await lockAccount(tx, customerId);
    const locked = await lockInvoices(
      tx,
      lines.map((line) => line.invoiceId),
    );
    lines.forEach((line, index) => {
      const invoice = locked.get(line.invoiceId);
      const field = `relatedInvoices.${index}.invoice`;
      if (!invoice) throw badRequest('Invoice not found', { [field]: 'Invoice not found' });
      if (invoice.customerId !== customerId) {
        const message = `Invoice ${invoice.invoiceNumber} belongs to another customer`;
        throw badRequest(message, { [field]: message });
      }
      const refusal = refusalToPay(invoice, line.amount);
      if (refusal) throw refusal;
    });
    const bank = { field: 'bank', table: banks, id: request.bank, message: 'Bank not found' };
    const row = await writeWithReferences(tx, [bank], async (sp) =>
      onlyRow(
        await sp
          .insert(cheques)
          .values({
            chequeNumber: request.chequeNumber,
            bankId: request.bank,
            drawerName: request.drawerName || null,
            chequeDate: request.chequeDate,
            amount: request.amount,
            receivedDate: request.receivedDate,
            customerId,
            notes: request.notes || null,
            recordedBy: actor.id,
          })
          .returning(),
      ),
    );
    if (lines.length) await tx.insert(chequeInvoices).values(lines.map((line) => ({ chequeId: row.id, ...line })));
    const events: AuditEvent[] = [];
    if (row.chequeDate <= row.receivedDate) {
      events.push(...(await this.post(tx, actor, row, row.receivedDate, lines)));
      await tx.update(cheques).set({ postedDate: row.receivedDate }).where(eq(cheques.id, row.id));
    }
    const cheque = await this.get(row.id, tx);
    await appendAudit(tx, actor, [recordEvent(CHEQUE_AUDIT, 'create', null, cheque), ...events]);
    return cheque;
  }

  deposit(tx: Transaction, actor: Actor, id: string, input: ChequeDeposit): Promise<Cheque> {
    return this.step(tx, actor, id, 'deposit', input.date, async (cheque) => {
      notBefore(input.date, cheque.chequeDate, 'A cheque cannot be deposited before its date');
      notBefore(input.date, cheque.receivedDate, 'Date cannot be before the cheque was received');
      return { changes: { depositedDate: input.date, bankAccount: input.bankAccount || null }, events: [] };
    });
  }

  /**
   * The bank paid it. A post-dated cheque posts its payment now, dated the clear date: each of its
   * invoices takes what it still needs, up to its part (nothing if it is no longer the customer's
   * or payable); the rest goes to the advance balance.
   */
  clear(tx: Transaction, actor: Actor, id: string, input: ChequeClear): Promise<Cheque> {
    return this.step(tx, actor, id, 'clear', input.date, async (cheque) => {
      notBefore(input.date, cheque.depositedDate!, 'Date cannot be before the deposit');
      if (cheque.postedDate) return { changes: { clearedDate: input.date }, events: [] };
      const lines = await this.partsStillNeeded(tx, cheque);
      const events = await this.post(tx, actor, cheque, input.date, lines);
      return { changes: { clearedDate: input.date, postedDate: input.date }, events };
    });
  }

  /**
   * The bank refused it. What it posted is reversed; the bank's charge, if any, is billed; the
   * customer becomes high risk.
   */
  bounce(tx: Transaction, actor: Actor, id: string, input: ChequeBounce, gate: Gate = PROCEED): Promise<Cheque> {
    return this.step(tx, actor, id, 'bounce', input.date, async (cheque, balance) => {
      notBefore(input.date, cheque.depositedDate!, 'Date cannot be before the deposit');
      // What the bounce takes back: the cheque's money once posted; a post-dated one posted nothing.
      await gate(cheque.postedDate ? cheque.amount : fils(0), cheque.customerId);
      const reversal = await this.reverse(tx, actor, cheque, balance, input.date, `bounced: ${input.reason}`);
      const charge = input.charge
        ? await this.bill(tx, cheque, input.date, input.charge, `Returned cheque charge: cheque ${cheque.chequeNumber}`)
        : undefined;
      const before = await this.customers.get(cheque.customerId, tx);
      await tx
        .update(customers)
        .set({ status: 'high', updatedAt: sql`now()` })
        .where(eq(customers.id, cheque.customerId));
      const after = await this.customers.get(cheque.customerId, tx);
      return {
        changes: {
          bouncedDate: input.date,
          bounceReason: input.reason,
          bounceCharge: input.charge ?? null,
          shortfallInvoiceId: reversal.shortfallInvoiceId,
          chargeInvoiceId: charge?.id ?? null,
        },
        events: [
          ...reversal.events,
          ...(charge ? [charge.event] : []),
          ...(before.status === after.status ? [] : [recordEvent(CUSTOMER_AUDIT, 'update', before, after)]),
        ],
      };
    });
  }

  /** Handed back to the customer while in hand; what it posted is reversed. */
  handBack(tx: Transaction, actor: Actor, id: string, input: ChequeReturn): Promise<Cheque> {
    return this.step(tx, actor, id, 'return', input.date, async (cheque, balance) => {
      notBefore(input.date, cheque.receivedDate, 'Date cannot be before the cheque was received');
      const reversal = await this.reverse(tx, actor, cheque, balance, input.date, `returned: ${input.reason}`);
      return {
        changes: {
          returnedDate: input.date,
          returnReason: input.reason,
          shortfallInvoiceId: reversal.shortfallInvoiceId,
        },
        events: reversal.events,
      };
    });
  }

  /**
   * A bounced cheque exchanged for a new one from the same customer, received on `date`: the new
   * cheque is recorded as any other (posted at once, or post-dated), meant for the invoices the
   * bounced one was meant for, each up to what it still needs and the new amount allows.
   */
  replace(tx: Transaction, actor: Actor, id: string, input: ChequeReplace): Promise<Cheque> {
    return this.step(tx, actor, id, 'replace', input.date, async (cheque) => {
      notBefore(input.date, cheque.bouncedDate!, 'Date cannot be before the bounce');
      const relatedInvoices = (await this.partsStillNeeded(tx, cheque, input.amount))
        .filter((part) => part.amount > 0)
        .map((part) => ({ invoice: part.invoiceId, paidAmount: part.amount }));
      const { date, ...details } = input;
      const replacement = await this.create(tx, actor, {
        ...details,
        customer: cheque.customerId,
        receivedDate: date,
        relatedInvoices,
        notes: input.notes || `Replaces cheque ${cheque.chequeNumber}`,
      });
      return { changes: { replacedById: replacement._id }, events: [] };
    });
  }

  /**
   * The cheque's invoices (locked) and what each still needs of its part: nothing if it is no
   * longer the customer's or payable; within `cap` in all when one is given.
   */
  private async partsStillNeeded(
    tx: Transaction,
    cheque: ChequeRow,
    cap: number = Number.POSITIVE_INFINITY,
  ): Promise<{ invoiceId: string; amount: Fils }[]> {
    const parts = await tx
      .select({ invoiceId: chequeInvoices.invoiceId, amount: chequeInvoices.amount })
      .from(chequeInvoices)
      .where(eq(chequeInvoices.chequeId, cheque.id));
    const locked = await lockInvoices(
      tx,
      parts.map((part) => part.invoiceId),
    );
    let left = cap;
    return parts.map(({ invoiceId, amount }) => {
      const invoice = locked.get(invoiceId)!;
      const needed = fils(Math.min(amount, remainingOf(invoice), left));
      const payable = needed > 0 && invoice.customerId === cheque.customerId && !refusalToPay(invoice, needed);
      if (payable) left -= needed;
      return { invoiceId, amount: payable ? needed : fils(0) };
    });
  }

  /**
   * One step, in the caller's transaction: the locks in the ledger's order (the customer's account,
   * then the cheque), the status checked under them, the step's own work, the new status, and one
   * entry for the cheque (with those of the records the step made), appended last.
   */
  private async step(
    tx: Transaction,
    actor: Actor,
    id: string,
    step: ChequeStep,
    date: Day,
    act: (cheque: ChequeRow, balance: Fils) => Promise<StepOutcome>,
  ): Promise<Cheque> {
    // The closed period first: a write's first lock (period-lock/guard.ts). A step is dated its day.
    await assertPeriodOpen(tx, { date });
    // A cheque's customer never changes, so it can be read before the locks.
    const [known] = await tx.select({ customerId: cheques.customerId }).from(cheques).where(eq(cheques.id, id));
    if (!known) throw notFound('Cheque not found');
    const balance = await lockAccount(tx, known.customerId);
    const [cheque] = await tx.select().from(cheques).where(eq(cheques.id, id)).for('update');
    if (!cheque) throw notFound('Cheque not found');
    const { from, to } = CHEQUE_STEPS[step];
    if (cheque.status !== from) throw conflict(chequeStepRefusal(cheque.chequeNumber, cheque.status, step));
    const before = await this.get(id, tx);
    const { changes, events } = await act(cheque, balance);
    await tx
      .update(cheques)
      .set({ ...changes, status: to, updatedAt: sql`now()` })
      .where(eq(cheques.id, id));
    const after = await this.get(id, tx);
    await appendAudit(tx, actor, [recordEvent(CHEQUE_AUDIT, step, before, after), ...events]);
    return after;
  }

  /**
   * Posts the cheque's money through the ledger, dated `day`, in mode Check: an invoice payment of
   * the invoices' parts (the invoices locked), and an advance of the rest, recorded by the staff
   * user who took the step. Returns their entries.
   */
  private async post(
    tx: Transaction,
    actor: Actor,
    cheque: ChequeRow,
    day: Day,
    parts: { invoiceId: string; amount: Fils }[],
  ): Promise<AuditEvent[]> {
    const allocations = parts.filter((part) => part.amount > 0);
    const toInvoices = sumFils(allocations.map((part) => part.amount));
    const rest = fils(cheque.amount - toInvoices);
    const entry = {
      customerId: cheque.customerId,
      paymentMode: 'Check' as const,
      paymentDate: day,
      referenceNumber: cheque.chequeNumber,
      notes: `Cheque ${cheque.chequeNumber}`,
      chequeId: cheque.id,
      recordedBy: actor.id,
    };
    const ids: string[] = [];
    if (allocations.length) {
      ids.push(await insertPayment(tx, { ...entry, paymentType: 'invoice_payment', amount: toInvoices, allocations }));
    }
    if (rest > 0) {
      ids.push(await insertPayment(tx, { ...entry, paymentType: 'advance', amount: rest }));
      await changeAdvanceBalance(tx, cheque.customerId, rest);
    }
    return this.paymentEvents(tx, ids);
  }

  /**
   * Reverses what the cheque posted, each payment by an entry of its own, dated `day`: its invoices
   * are due again as before it, its advance leaves the balance. What the customer already spent of
   * that advance cannot leave it: it is billed as a 'Returned cheque' invoice, so they owe exactly it.
   */
  private async reverse(
    tx: Transaction,
    actor: Actor,
    cheque: ChequeRow,
    balance: Fils,
    day: Day,
    why: string,
  ): Promise<{ shortfallInvoiceId: string | null; events: AuditEvent[] }> {
    const posted = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.chequeId, cheque.id), isNull(payments.reversesPaymentId)))
      .orderBy(asc(payments.paymentNumber));
    const ids: string[] = [];
    let unrecovered = fils(0);
    for (const payment of posted) {
      const reversal = await insertReversal(tx, payment, balance, {
        paymentDate: day,
        notes: `Reversal of ${payment.paymentNumber}: cheque ${cheque.chequeNumber} ${why}`,
        recordedBy: actor.id,
      });
      if (reversal.id) ids.push(reversal.id);
      unrecovered = fils(unrecovered + reversal.unrecovered);
    }
    const events = await this.paymentEvents(tx, ids);
    if (!unrecovered) return { shortfallInvoiceId: null, events };
    const shortfall = await this.bill(tx, cheque, day, unrecovered, `Returned cheque: cheque ${cheque.chequeNumber}`);
    return { shortfallInvoiceId: shortfall.id, events: [...events, shortfall.event] };
  }

  /** A Credit invoice of `amount` due on `day`, without product lines: what the cheque leaves owing. */
  private async bill(tx: Transaction, cheque: ChequeRow, day: Day, amount: Fils, notes: string) {
    const id = await insertInvoice(tx, {
      customerId: cheque.customerId,
      credit: true,
      dateOfCreation: day,
      dueDate: day,
      totalAmount: amount,
      status: 'unpaid',
      referenceNumber: cheque.chequeNumber,
      notes,
    });
    return { id, event: recordEvent(INVOICE_AUDIT, 'create', null, await this.invoices.get(id, tx)) };
  }

  private async paymentEvents(tx: Transaction, ids: string[]): Promise<AuditEvent[]> {
    const events: AuditEvent[] = [];
    for (const id of ids) events.push(recordEvent(PAYMENT_AUDIT, 'create', null, await readPayment(tx, id)));
    return events;
  }
}

/** 400 on the step's `date` when it comes before `earliest`. */
function notBefore(date: Day, earliest: Day, message: string): void {
  if (date < earliest)
    throw badRequest(`${message} (${formatDay(earliest)})`, { date: `${message} (${formatDay(earliest)})` });
}
