import {
  DEFAULT_INVOICE_STATUS,
  type FieldChange,
  totalOfLines,
  type Invoice,
  type InvoiceInput,
  type InvoiceListQuery,
  type InvoicePaymentStatus,
  type InvoiceSettlement,
  type InvoiceStatus,
} from '@admin/shared/contract';
import { businessToday, type CalendarDay, type Day } from '@admin/shared/dates';
import { formatKd, type Fils } from '@admin/shared/money';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { recordEvent, type AuditedKind } from '../../audit/changes';
import { appendAudit, type Actor, type AuditEvent } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import {
  chequeInvoices,
  cheques,
  creditNotes,
  customers,
  debitNotes,
  invoiceLines,
  invoices,
  nextInvoiceNumber,
  paymentAllocations,
  payments,
  scheduledInvoices,
} from '../../db/schema';
import { badRequest, conflict, notFound, pgErrorOf } from '../../http/errors';
import type { IdempotentResourceService } from '../../http/resource-routes';
import {
  defineList,
  LIST_BLOCKS,
  LIST_FIGURES,
  leftOutBySearch,
  picked,
  searchAcross,
  withinDays,
  type Listing,
} from '../../lists';
import { customerNamed } from '../customers/service';
import { coveringCheques } from '../cheques/covering';
import { lockAccount, remainingOf, settleCashInvoice } from '../ledger/moves';
import { PAYMENT_AUDIT, readPayment } from '../ledger/payment-record';
import { dueDateByTerms } from './due-dates';
import { writeWithReferences } from '../references';
import { partiesOf, readLines, writeLines } from './lines';
import { discountColumns, discountField } from './stored-discounts';
import { onlyRow } from '../../db/rows';
import { writeTransaction } from '../../db/contention';
import { checkCredit, creditBefore } from '../credit-limits/guard';
import { assertPeriodOpen, closedThrough, refuseClosed } from '../period-lock/guard';

type InvoiceRow = typeof invoices.$inferSelect;

const columns = {
  invoice: invoices,
  customer: { _id: customers.id, customerName: customers.customerName },
  schedule: { _id: scheduledInvoices.id, scheduleName: scheduledInvoices.scheduleName },
  debitNoteFor: { _id: creditNotes.id, creditNoteNumber: creditNotes.creditNoteNumber },
};
type Row = {
  invoice: InvoiceRow;
  customer: Invoice['customer'];
  schedule: Invoice['schedule'];
  debitNoteFor: Invoice['debitNoteFor'] | null;
};

function toInvoice(
  { invoice: i, customer, schedule, debitNoteFor }: Row,
  lines: Invoice['products'],
  coveredByCheques: Invoice['coveredByCheques'] = [],
): Invoice {
  return {
    _id: i.id,
    invoiceNumber: i.invoiceNumber,
    manualInvoiceNumber: i.manualInvoiceNumber,
    referenceNumber: i.referenceNumber,
    customer,
    credit: i.credit,
    dateOfCreation: i.dateOfCreation,
    dueDate: i.dueDate,
    products: lines,
    ...discountField(i),
    totalAmount: i.totalAmount,
    paidAmount: i.paidAmount,
    creditedAmount: i.creditedAmount,
    remainingAmount: remainingOf(i),
    status: i.status,
    // Only on a debit note, so an invoice reads as it always has.
    ...(debitNoteFor?._id && { debitNoteFor }),
    notes: i.notes,
    schedule: schedule?._id ? schedule : null,
    schedulePeriod: i.schedulePeriod,
    // Only when a post-dated cheque covers it, so an invoice without one reads as it always has.
    ...(coveredByCheques.length && { coveredByCheques }),
    ...(i.promisedUntil && { promise: { date: i.promisedUntil, note: i.promiseNote } }),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/** An invoice is named by its number, automatic (INV-000042) or manual; the cheques' entries record their cover. */
export const INVOICE_AUDIT: AuditedKind<Invoice> = {
  entityType: 'invoice',
  label: (invoice) => invoice.invoiceNumber,
  ignore: ['coveredByCheques'],
};

/** What a search of invoices reads: the number, automatic or manual, the reference and the customer's name. */
const INVOICE_SEARCH = [
  { issuedNumber: invoices.invoiceNumber, prefix: 'INV-', issued: isNull(invoices.manualInvoiceNumber) },
  invoices.manualInvoiceNumber,
  invoices.referenceNumber,
  (pattern: string) => customerNamed(invoices.customerId, pattern),
];

/** 409 for a manual number that another invoice already has; other errors pass through. */
function duplicateNumber(error: unknown, number: string | null | undefined): unknown {
  const pg = pgErrorOf(error);
  if (pg?.code === '23505' && pg.constraint === 'invoices_invoice_number_key') {
    return conflict(`Invoice number ${number} already exists`, {
      manualInvoiceNumber: `Invoice number ${number} already exists`,
    });
  }
  return error;
}

export const cannotDelete = (invoiceNumber: string) =>
  conflict(`Cannot delete invoice ${invoiceNumber}: it has payments. Delete the payments first.`);

/**
 * Why an invoice cannot be deleted, or undefined: a payment, a credit note or a cheque refers to
 * it, and each is part of the record (a credit note, or cancelling, corrects it instead).
 */
async function deleteRefusal(tx: Transaction, id: string, invoiceNumber: string) {
  const refersTo = async (table: typeof paymentAllocations | typeof creditNotes | typeof chequeInvoices) =>
    (await tx.select({ id: table.id }).from(table).where(eq(table.invoiceId, id)).limit(1)).length > 0;
  if (await refersTo(paymentAllocations)) return cannotDelete(invoiceNumber);
  if (await refersTo(creditNotes))
    return conflict(`Cannot delete invoice ${invoiceNumber}: it has credit notes. Cancel it instead.`);
  if (await refersTo(chequeInvoices))
    return conflict(`Cannot delete invoice ${invoiceNumber}: a cheque is meant for it. Return the cheque first.`);
  return undefined;
}

/** The credit note a debit note corrects must be the same customer's: 400 on debitNoteFor otherwise. */
async function checkDebitNote(tx: Transaction, input: InvoiceInput): Promise<void> {
  if (!input.debitNoteFor) return;
  const [creditNote] = await tx
    .select({ customerId: creditNotes.customerId })
    .from(creditNotes)
    .where(eq(creditNotes.id, input.debitNoteFor));
  if (!creditNote) throw badRequest('Credit note not found', { debitNoteFor: 'Credit note not found' });
  if (creditNote.customerId !== input.customer) {
    const message = 'A debit note is for the customer of its credit note';
    throw badRequest(message, { debitNoteFor: message });
  }
}

/** An invoice's audit entry, with the credit override it was issued under, if any. */
function withOverride(event: AuditEvent, override: FieldChange | undefined): AuditEvent {
  return override ? { ...event, changes: [...(event.changes ?? []), override] } : event;
}

/** The account lock, then the customer's exposure when their credit has a rule to check. */
async function lockedCreditBefore(tx: Transaction, customerId: string) {
  await lockAccount(tx, customerId);
  return creditBefore(tx, customerId);
}

/** What an invoice needs besides its lines; the number is the next automatic one unless given. */
export interface NewInvoice {
  invoiceNumber?: string | null;
  customerId: string;
  credit: boolean;
  dateOfCreation: Day;
  /** Absent: the date plus the customer's terms (Credit), or the date (Cash). */
  dueDate?: Day | SQL;
  /** The invoice's own discount (the lines carry theirs); absent: none. */
  discountKind?: 'percent' | 'amount' | null;
  discountValue?: number | null;
  totalAmount: Fils;
  status: InvoiceStatus;
  referenceNumber?: string | null;
  manualInvoiceNumber?: string | null;
  notes?: string | null;
  scheduleId?: string;
  schedulePeriod?: Day;
  /** Demo data spreads creation times; otherwise now. */
  createdAt?: Date;
  updatedAt?: Date;
}

/** Inserts an invoice row (lines are the caller's) and returns its id. */
export async function insertInvoice(tx: Database, invoice: NewInvoice): Promise<string> {
  const inserted = await tx
    .insert(invoices)
    .values({
      ...invoice,
      invoiceNumber: invoice.invoiceNumber || nextInvoiceNumber(),
      dueDate: invoice.dueDate ?? dueDateByTerms(invoice.customerId, invoice.credit, invoice.dateOfCreation),
    })
    .returning({ id: invoices.id });
  return onlyRow(inserted).id;
}

function selectInvoices(db: Database) {
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(scheduledInvoices, eq(scheduledInvoices.id, invoices.scheduleId))
    .leftJoin(debitNotes, eq(debitNotes.invoiceId, invoices.id))
    .leftJoin(creditNotes, eq(creditNotes.id, debitNotes.creditNoteId))
    .$dynamic();
}

async function withLines(db: Database, rows: Row[]): Promise<Invoice[]> {
  const ids = rows.map((row) => row.invoice.id);
  // One after the other: `db` may be the caller's transaction, one connection.
  const lines = await readLines(db, invoiceLines, ids);
  const covered = await coveringCheques(db, ids);
  return rows.map((row) => toInvoice(row, lines.get(row.invoice.id)!, covered.get(row.invoice.id)));
}

const INVOICE_LIST = defineList({
  id: invoices.id,
  select: selectInvoices,
  where: (query: InvoiceListQuery) =>
    and(
      searchAcross(query.search, INVOICE_SEARCH),
      picked(invoices.status, query.status),
      query.credit === undefined ? undefined : eq(invoices.credit, query.credit),
      query.customer ? eq(invoices.customerId, query.customer) : undefined,
      withinDays(invoices.dateOfCreation, query),
    ),
  // Newest first: by date, then number, so invoices of one day keep their numbering order.
  order: {
    columns: {
      invoiceNumber: invoices.invoiceNumber,
      manualInvoiceNumber: invoices.manualInvoiceNumber,
      referenceNumber: invoices.referenceNumber,
      customer: customers.customerName,
      credit: invoices.credit,
      totalAmount: invoices.totalAmount,
      status: invoices.status,
      dateOfCreation: invoices.dateOfCreation,
      dueDate: invoices.dueDate,
      paidAmount: invoices.paidAmount,
      remainingAmount: sql`${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}`,
    },
    byDefault: { sort: ['dateOfCreation', 'invoiceNumber'], order: 'desc' },
    id: invoices.id,
    blocks: LIST_BLOCKS.invoices,
  },
  readWithJoins: ['customer'],
  figures: (query) => ({ ...LIST_FIGURES.invoices, leftOutBySearch: leftOutBySearch(query.search, INVOICE_SEARCH) }),
  rows: (found, db) => withLines(db, found),
});

export class InvoiceService implements IdempotentResourceService<Invoice, InvoiceInput, InvoiceListQuery> {
  constructor(
    private readonly db: Database,
    /** The business day, from which the customers' overdue rule counts. */
    private readonly today: () => CalendarDay = () => businessToday(),
  ) {}

  list(query: InvoiceListQuery): Listing<Invoice> {
    return INVOICE_LIST.read(this.db, query);
  }

  /** One invoice; `db` may be a transaction that has just written it. */
  async get(id: string, db: Database = this.db): Promise<Invoice> {
    const [row] = await selectInvoices(db).where(eq(invoices.id, id));
    if (!row) throw notFound('Invoice not found');
    return onlyRow(await withLines(db, [row]), 'the invoice with its lines');
  }

  /**
   * Creates an invoice in the caller's transaction. A Cash invoice is settled at the counter: its
   * full payment (mode Cash) is recorded in the same transaction, so it is paid from the start,
   * and the trail records both the invoice and its payment.
   */
  async create(tx: Transaction, actor: Actor, input: InvoiceInput): Promise<Invoice> {
    const totalAmount = totalOfLines(input.products, input.discount)!;
    // The closed period first: a write's first lock (period-lock/guard.ts).
    await assertPeriodOpen(tx, { dateOfCreation: input.dateOfCreation });
    await checkDebitNote(tx, input);
    const { id, paymentId, override } = await writeWithReferences(tx, partiesOf(input), async (sp) => {
      // The ledger's lock order: the insert's triggers take the customer's figures, so the account
      // comes before them. A Cash invoice then pays, as a payment does; a Credit invoice's check of
      // the customer's credit holds under it, so two invoices cannot both pass the limit.
      await lockAccount(sp, input.customer);
      const exposureBefore = input.credit ? await creditBefore(sp, input.customer) : undefined;
      const id = await insertInvoice(sp, {
        invoiceNumber: input.manualInvoiceNumber,
        manualInvoiceNumber: input.manualInvoiceNumber || null,
        referenceNumber: input.referenceNumber || null,
        customerId: input.customer,
        credit: input.credit,
        dateOfCreation: input.dateOfCreation,
        dueDate: input.credit ? (input.dueDate ?? undefined) : input.dateOfCreation,
        ...discountColumns(input.discount),
        totalAmount,
        status: input.status ?? DEFAULT_INVOICE_STATUS,
        notes: input.notes || null,
      });
      if (input.debitNoteFor) await sp.insert(debitNotes).values({ invoiceId: id, creditNoteId: input.debitNoteFor });
      await writeLines(sp, invoiceLines, id, input.products);
      const paymentId = input.credit
        ? null
        : await settleCashInvoice(sp, {
            invoiceId: id,
            customerId: input.customer,
            amount: totalAmount,
            paymentDate: input.dateOfCreation,
            recordedBy: actor.id,
          });
      const override =
        exposureBefore === undefined
          ? undefined
          : await checkCredit(sp, input.customer, exposureBefore, this.today(), input.override);
      return { id, paymentId, override };
    }).catch((error) => {
      throw duplicateNumber(error, input.manualInvoiceNumber);
    });
    const invoice = await this.get(id, tx);
    const events: AuditEvent[] = [withOverride(recordEvent(INVOICE_AUDIT, 'create', null, invoice), override)];
    if (paymentId) events.push(recordEvent(PAYMENT_AUDIT, 'create', null, await readPayment(tx, paymentId)));
    await appendAudit(tx, actor, events);
    return invoice;
  }

  /**
   * Replaces an invoice's fields and lines. What payments recorded stays true: the total cannot go
   * below the paid amount, an invoice with payments keeps its customer and cannot become draft or
   * cancelled, and paid/unpaid follow the paid amount.
   */
  update(actor: Actor, id: string, input: InvoiceInput): Promise<Invoice> {
    const totalAmount = totalOfLines(input.products, input.discount)!;
    return writeTransaction(this.db, async (outer) => {
      // Neither the day it had nor the day it gets may be in the closed period.
      const closed = await assertPeriodOpen(outer, { dateOfCreation: input.dateOfCreation });
      return writeWithReferences(outer, partiesOf(input), async (tx) => {
        // The ledger's order: the account of the customer the invoice will be billed to, then the
        // invoice. Only a Credit invoice's credit is checked, so only it needs the account.
        const exposureBefore = input.credit ? await lockedCreditBefore(tx, input.customer) : undefined;
        // Payments lock the same row, so the paid amount read here holds until commit.
        const [current] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
        if (!current) throw notFound('Invoice not found');
        // Under the date field too: the edit dialog shows it where the invoice's date is.
        refuseClosed(closed, { dateOfCreation: current.dateOfCreation });
        const before = await this.get(id, tx);
        // What a credit note took back is valued at these lines: they stay as they were credited.
        if (current.creditedAmount > 0) {
          throw conflict(
            `Invoice ${current.invoiceNumber} has credit notes and cannot be edited: correct it with a credit note or a debit note`,
          );
        }
        const paid = current.paidAmount;
        if (input.credit !== current.credit) {
          throw conflict('The payment type (Credit or Cash) of an invoice cannot change after it is created', {
            credit: 'The payment type cannot change after the invoice is created',
          });
        }
        if (totalAmount < paid) {
          throw conflict(`The total cannot be less than the ${formatKd(paid)} already paid`, {
            totalAmount: `The total cannot be less than the ${formatKd(paid)} already paid`,
          });
        }
        if (paid > 0 && input.customer !== current.customerId) {
          throw conflict('The customer of an invoice with payments cannot change', {
            customer: 'The customer of an invoice with payments cannot change',
          });
        }
        if (paid > 0 && (input.status === 'draft' || input.status === 'cancelled')) {
          throw conflict(`An invoice with payments cannot be ${input.status}. Delete the payments first.`, {
            status: `An invoice with payments cannot be ${input.status}`,
          });
        }
        const chosen = input.status ?? (current.status === 'paid' ? 'unpaid' : current.status);
        const status: InvoiceStatus = paid > 0 && paid === totalAmount ? 'paid' : chosen;
        // A manual number replaces the automatic one; removing it gives the invoice a new automatic number.
        const invoiceNumber =
          input.manualInvoiceNumber || (current.manualInvoiceNumber ? nextInvoiceNumber() : current.invoiceNumber);
        // Without a due date sent, it stays unless the date or customer changed (then: by the terms again).
        const keepsDueDate = input.dateOfCreation === current.dateOfCreation && input.customer === current.customerId;
        const dueDate = !current.credit
          ? input.dateOfCreation
          : (input.dueDate ??
            (keepsDueDate ? current.dueDate : dueDateByTerms(input.customer, true, input.dateOfCreation)));
        await tx
          .update(invoices)
          .set({
            invoiceNumber,
            manualInvoiceNumber: input.manualInvoiceNumber || null,
            referenceNumber: input.referenceNumber || null,
            customerId: input.customer,
            dateOfCreation: input.dateOfCreation,
            dueDate,
            ...discountColumns(input.discount),
            totalAmount,
            status,
            notes: input.notes || null,
            updatedAt: sql`now()`,
          })
          .where(eq(invoices.id, id));
        await writeLines(tx, invoiceLines, id, input.products);
        const override =
          exposureBefore === undefined
            ? undefined
            : await checkCredit(tx, input.customer, exposureBefore, this.today(), input.override);
        const after = await this.get(id, tx);
        await appendAudit(tx, actor, [withOverride(recordEvent(INVOICE_AUDIT, 'update', before, after), override)]);
        return after;
      });
    }).catch((error) => {
      throw duplicateNumber(error, input.manualInvoiceNumber);
    });
  }

  /** Deletes an invoice nothing refers to (no payment, credit note or cheque); its lines go with it. */
  async remove(actor: Actor, id: string): Promise<void> {
    await writeTransaction(this.db, async (tx) => {
      const closed = await closedThrough(tx);
      const [current] = await tx
        .select({
          invoiceNumber: invoices.invoiceNumber,
          paidAmount: invoices.paidAmount,
          dateOfCreation: invoices.dateOfCreation,
        })
        .from(invoices)
        .where(eq(invoices.id, id))
        .for('update');
      if (!current) throw notFound('Invoice not found');
      refuseClosed(closed, [current.dateOfCreation]);
      if (current.paidAmount > 0) throw cannotDelete(current.invoiceNumber);
      const refusal = await deleteRefusal(tx, id, current.invoiceNumber);
      if (refusal) throw refusal;
      const before = await this.get(id, tx);
      try {
        await tx.delete(invoices).where(eq(invoices.id, id));
      } catch (error) {
        // A payment of 0 paid cannot exist, but the allocations' foreign key is the final word.
        if (pgErrorOf(error)?.code === '23503') throw cannotDelete(current.invoiceNumber);
        throw error;
      }
      await appendAudit(tx, actor, [recordEvent(INVOICE_AUDIT, 'delete', before, null)]);
    });
  }

  /** What was paid on the invoice, oldest first, each with the cheque that brought it (GET /invoices/{id}/payments). */
  async settlements(id: string): Promise<InvoiceSettlement[]> {
    await this.paymentStatus(id);
    return this.db
      .select({
        payment: { _id: payments.id, paymentNumber: payments.paymentNumber },
        paymentDate: payments.paymentDate,
        paymentMode: payments.paymentMode,
        amount: paymentAllocations.amount,
        cheque: { _id: cheques.id, chequeNumber: cheques.chequeNumber },
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .leftJoin(cheques, eq(cheques.id, payments.chequeId))
      .where(eq(paymentAllocations.invoiceId, id))
      .orderBy(asc(payments.paymentDate), asc(payments.createdAt))
      .then((rows) => rows.map((row) => ({ ...row, cheque: row.cheque?._id ? row.cheque : null })));
  }

  async paymentStatus(id: string): Promise<InvoicePaymentStatus> {
    const [row] = await this.db
      .select({
        totalAmount: invoices.totalAmount,
        paidAmount: invoices.paidAmount,
        creditedAmount: invoices.creditedAmount,
        status: invoices.status,
      })
      .from(invoices)
      .where(eq(invoices.id, id));
    if (!row) throw notFound('Invoice not found');
    const { totalAmount, paidAmount, status } = row;
    return { paymentStatus: { totalAmount, totalPaid: paidAmount, remainingAmount: remainingOf(row), status } };
  }
}
