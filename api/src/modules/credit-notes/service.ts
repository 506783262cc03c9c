import {
  CREDIT_NOTE_PREFIX,
  onlyLeftMessage,
  PAYABLE_STATUSES,
  priceCreditLines,
  permissionDenied,
  type CreditNote,
  type CreditNoteInput,
  type CreditNoteLineInput,
  type CreditNoteListQuery,
  type CreditNoteReason,
  type CreditedUnits,
  type Discount,
  type InvoiceCorrection,
  type Permission,
} from '@admin/shared/contract';
import type { Day } from '@admin/shared/dates';
import { fils, formatKd, lineTotal, sumFils, type Fils } from '@admin/shared/money';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { recordEvent, type AuditedKind } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { defineList, picked, searchAcross, withinDays, type Listing, type ListOrder } from '../../lists';
import { onlyRow } from '../../db/rows';
import {
  companySettings,
  creditNoteCounter,
  creditNoteLines,
  creditNotes,
  customers,
  invoiceLines,
  invoices,
  users,
} from '../../db/schema';
import { conflict, fieldError, HttpError, notFound } from '../../http/errors';
import { customerNamed } from '../customers/service';
import { INVOICE_AUDIT, InvoiceService } from '../invoices/service';
import { readLines } from '../invoices/lines';
import { assertPeriodOpen } from '../period-lock/guard';
import { discountColumns, storedDiscount } from '../invoices/stored-discounts';
import {
  changeAdvanceBalance,
  changePaidAmount,
  lockAccount,
  lockInvoices,
  remainingOf,
  type LockedInvoice,
} from '../ledger/moves';
import { PROCEED, type Gate } from '../approvals/gate';

/** A credit note is named by its number. */
export const CREDIT_NOTE_AUDIT: AuditedKind<CreditNote> = {
  entityType: 'credit-note',
  label: (note) => note.creditNoteNumber,
  ignore: ['debitNotes'],
};

// Written out qualified: inside the subquery below an unqualified "id" would be the inner table's.
const creditNoteId = sql.raw('"credit_notes"."id"');

const debitNotesJson = sql<CreditNote['debitNotes']>`(
  select coalesce(json_agg(json_build_object('_id', d.id, 'invoiceNumber', d.invoice_number) order by d.invoice_number), '[]'::json)
  from debit_notes dn join invoices d on d.id = dn.invoice_id where dn.credit_note_id = ${creditNoteId})`;

const columns = {
  note: creditNotes,
  invoice: { _id: invoices.id, invoiceNumber: invoices.invoiceNumber },
  customer: { _id: customers.id, customerName: customers.customerName },
  recordedBy: { _id: users.id, username: users.username },
  debitNotes: debitNotesJson,
};

function selectCreditNotes(db: Database) {
  return db
    .select(columns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(customers, eq(customers.id, creditNotes.customerId))
    .leftJoin(users, eq(users.id, creditNotes.recordedBy));
}
type Row = Awaited<ReturnType<typeof selectCreditNotes>>[number];

function toCreditNote(row: Row, lines: CreditNote['lines']): CreditNote {
  const n = row.note;
  return {
    _id: n.id,
    creditNoteNumber: n.creditNoteNumber,
    invoice: row.invoice,
    customer: row.customer,
    date: n.creditDate,
    reason: n.reason,
    lines,
    amount: n.amount,
    owedAmount: n.owedAmount,
    toAdvance: n.toAdvance,
    notes: n.notes,
    debitNotes: row.debitNotes,
    recordedBy: row.recordedBy?._id ? row.recordedBy : null,
    createdAt: n.createdAt.toISOString(),
  };
}

/** What a search reads: the credit note's number, its invoice's number and the customer's name. */
function filterOf(query: CreditNoteListQuery): SQL | undefined {
  return and(
    searchAcross(query.search, [
      { issuedNumber: creditNotes.creditNoteNumber, prefix: CREDIT_NOTE_PREFIX },
      (pattern) =>
        sql`exists (select 1 from invoices i where i.id = ${creditNotes.invoiceId} and i.invoice_number ilike ${pattern})`,
      (pattern) => customerNamed(creditNotes.customerId, pattern),
    ]),
    query.customer ? eq(creditNotes.customerId, query.customer) : undefined,
    query.invoice ? eq(creditNotes.invoiceId, query.invoice) : undefined,
    picked(creditNotes.reason, query.reason),
    withinDays(creditNotes.creditDate, query),
  );
}

/** Newest first: by date, then number. */
const CREDIT_NOTE_ORDER: ListOrder<NonNullable<CreditNoteListQuery['sort']>> = {
  columns: {
    creditNoteNumber: creditNotes.creditNoteNumber,
    invoice: invoices.invoiceNumber,
    customer: customers.customerName,
    reason: creditNotes.reason,
    amount: creditNotes.amount,
    date: creditNotes.creditDate,
  },
  byDefault: { sort: ['date', 'creditNoteNumber'], order: 'desc' },
  id: creditNotes.id,
};

/** The next number, CN-000001…, moved in the issuing transaction: no gaps, no repeats. */
async function nextCreditNoteNumber(tx: Transaction): Promise<string> {
  const counter = onlyRow(
    await tx
      .update(creditNoteCounter)
      .set({ lastNumber: sql`${creditNoteCounter.lastNumber} + 1` })
      .where(eq(creditNoteCounter.id, 1))
      .returning({ lastNumber: creditNoteCounter.lastNumber }),
    'the credit note counter its migration made',
  );
  const n = String(counter.lastNumber);
  return `${CREDIT_NOTE_PREFIX}${n.padStart(6, '0')}`;
}

/** What is issued: by lines or an amount (POST /credit-notes), or what a cancel or a write-off takes. */
type Credit =
  | { kind: 'lines'; lines: CreditNoteLineInput[] }
  | { kind: 'amount'; amount: Fils }
  | { kind: 'cancel' }
  | { kind: 'writeOff' };

interface Issue {
  invoiceId: string;
  date: Day;
  reason: CreditNoteReason;
  notes: string | null;
  credit: Credit;
  /** The issuer's permissions: a write-off needs its own, and above the company's limit another. */
  permissions: readonly Permission[];
  /** Above the company's approval amount, the issue waits for approval (modules/approvals). */
  gate: Gate;
}

/**
 * Values credited lines by the contract's rule (shared/src/contract/credit-lines.ts): at the
 * invoice's prices less its discounts, a product on several lines taken line by line after what
 * earlier credit notes took of it; a product not on the invoice is a 400, more than is left a 409.
 */
async function priceLines(
  tx: Transaction,
  invoice: LockedInvoice,
  lines: CreditNoteLineInput[],
): Promise<CreditedUnits[]> {
  const invoiced = await tx
    .select({
      productId: invoiceLines.productId,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      discountKind: invoiceLines.discountKind,
      discountValue: invoiceLines.discountValue,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.parentId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const [whole] = await tx
    .select({ discountKind: invoices.discountKind, discountValue: invoices.discountValue })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  const credited = await tx
    .select({ productId: creditNoteLines.productId, quantity: sql<number>`sum(${creditNoteLines.quantity})::int` })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.parentId))
    .where(eq(creditNotes.invoiceId, invoice.id))
    .groupBy(creditNoteLines.productId);
  const outcome = priceCreditLines(
    invoiced.map((row) => ({ ...row, discount: storedDiscount(row) })),
    storedDiscount(whole!),
    new Map(credited.map((row) => [row.productId, row.quantity])),
    lines,
  );
  if ('lines' in outcome) return outcome.lines;
  const { refused } = outcome;
  if (refused.reason === 'not-on-invoice') {
    throw fieldError(`lines.${refused.index}.product`, 'This product is not on the invoice');
  }
  const message = onlyLeftMessage(refused.left, invoice.invoiceNumber);
  throw conflict(message, { [`lines.${refused.index}.quantity`]: message });
}

/** What the invoice's discounts took off credited units, as an amount; null when nothing. */
function discounted(line: CreditedUnits): Discount | null {
  const off = lineTotal(line.quantity, line.unitPrice) - line.value;
  return off > 0 ? { amount: fils(off) } : null;
}

/** 409 when an invoice cannot take a credit note now: only billed invoices are credited. */
function refusalToCredit(invoice: LockedInvoice, credit: Credit): HttpError | undefined {
  if (invoice.status === 'cancelled') return conflict(`Invoice ${invoice.invoiceNumber} is already cancelled`);
  if (!(PAYABLE_STATUSES as readonly string[]).includes(invoice.status) && invoice.status !== 'paid') {
    return conflict(`Invoice ${invoice.invoiceNumber} is ${invoice.status} and cannot be credited`);
  }
  if (credit.kind === 'writeOff' && remainingOf(invoice) === 0) {
    return conflict(`Invoice ${invoice.invoiceNumber} owes nothing to write off`);
  }
  return undefined;
}

/** 403 unless the issuer may write off `amount`: the permission, then the company's limit. */
async function checkWriteOff(tx: Transaction, amount: Fils, permissions: readonly Permission[]): Promise<void> {
  if (!permissions.includes('invoices.writeOff')) throw new HttpError(403, permissionDenied('invoices.writeOff'));
  if (permissions.includes('invoices.writeOffAboveLimit')) return;
  const { limit } = onlyRow(
    await tx.select({ limit: companySettings.writeOffLimit }).from(companySettings).where(eq(companySettings.id, 1)),
    'the settings row its migration made',
  );
  if (amount > limit) throw new HttpError(403, `Writing off more than ${formatKd(limit)} needs an administrator`);
}

/**
 * Credit notes: issued against one invoice, never edited or deleted. Each issue is one money
 * transaction in the ledger's lock order: the customer's account, the invoice, then the number's
 * counter (before the invoice's write, whose triggers take the figures), the audit trail last.
 */
async function withLines(db: Database, rows: Row[]): Promise<CreditNote[]> {
  const lines = await readLines(
    db,
    creditNoteLines,
    rows.map((row) => row.note.id),
  );
  return rows.map((row) => toCreditNote(row, lines.get(row.note.id)!));
}

const CREDIT_NOTE_LIST = defineList({
  id: creditNotes.id,
  select: (db: Database) => selectCreditNotes(db).$dynamic(),
  where: filterOf,
  order: CREDIT_NOTE_ORDER,
  readWithJoins: ['customer', 'invoice'],
  rows: (found, db) => withLines(db, found),
});

export class CreditNoteService {
  private readonly invoices: InvoiceService;

  constructor(private readonly db: Database) {
    this.invoices = new InvoiceService(db);
  }

  list(query: CreditNoteListQuery): Listing<CreditNote> {
    return CREDIT_NOTE_LIST.read(this.db, query);
  }

  /** One credit note; `db` may be the transaction that has just issued it. */
  async get(id: string, db: Database = this.db): Promise<CreditNote> {
    const [row] = await selectCreditNotes(db).where(eq(creditNotes.id, id));
    if (!row) throw notFound('Credit note not found');
    return onlyRow(await withLines(db, [row]), 'the credit note with its lines');
  }

  /** POST /credit-notes: for lines of the invoice or an amount. */
  create(
    tx: Transaction,
    actor: Actor,
    input: CreditNoteInput,
    permissions: readonly Permission[],
    gate: Gate = PROCEED,
  ) {
    return this.issue(tx, actor, 'invoice', {
      invoiceId: input.invoice,
      date: input.date,
      reason: input.reason,
      notes: input.notes || null,
      credit: input.lines ? { kind: 'lines', lines: input.lines } : { kind: 'amount', amount: input.amount! },
      permissions,
      gate,
    });
  }

  /** POST /invoices/{id}/cancel: a credit note for all the invoice still has uncredited. */
  cancel(tx: Transaction, actor: Actor, invoiceId: string, input: InvoiceCorrection) {
    return this.issue(tx, actor, null, {
      invoiceId,
      date: input.date,
      reason: 'cancellation',
      notes: input.reason,
      credit: { kind: 'cancel' },
      permissions: [],
      gate: PROCEED,
    });
  }

  /** POST /invoices/{id}/write-off: a credit note for exactly what the invoice still owes. */
  writeOff(
    tx: Transaction,
    actor: Actor,
    invoiceId: string,
    input: InvoiceCorrection,
    permissions: readonly Permission[],
    gate: Gate = PROCEED,
  ) {
    return this.issue(tx, actor, null, {
      invoiceId,
      date: input.date,
      reason: 'write_off',
      notes: input.reason,
      credit: { kind: 'writeOff' },
      permissions,
      gate,
    });
  }

  /**
   * Issues a credit note. `invoiceField` names the body's field of the invoice (a 400 when it
   * names none), or null when the invoice is the path's (a 404).
   */
  private async issue(tx: Transaction, actor: Actor, invoiceField: string | null, issue: Issue): Promise<CreditNote> {
    // The closed period first: a write's first lock (period-lock/guard.ts). A credit note (a
    // cancellation, a write-off) is dated its own day, whatever its invoice's.
    await assertPeriodOpen(tx, { date: issue.date });
    const missing = () =>
      invoiceField ? fieldError(invoiceField, 'Invoice not found') : notFound('Invoice not found');
    const [known] = await tx
      .select({ customerId: invoices.customerId })
      .from(invoices)
      .where(eq(invoices.id, issue.invoiceId));
    if (!known) throw missing();
    await lockAccount(tx, known.customerId);
    const invoice = (await lockInvoices(tx, [issue.invoiceId])).get(issue.invoiceId.toLowerCase());
    // Its customer changed before the account was locked: the caller retries from a fresh read.
    if (!invoice || invoice.customerId !== known.customerId) throw missing();
    const refusal = refusalToCredit(invoice, issue.credit);
    if (refusal) throw refusal;
    const before = await this.invoices.get(invoice.id, tx);
    if (issue.date < before.dateOfCreation)
      throw fieldError('date', 'A credit note cannot be dated before its invoice');

    const { credit } = issue;
    const uncredited = fils(invoice.totalAmount - invoice.creditedAmount);
    const remaining = remainingOf(invoice);
    const priced = credit.kind === 'lines' ? await priceLines(tx, invoice, credit.lines) : [];
    const amount =
      credit.kind === 'lines'
        ? sumFils(priced.map((line) => line.value))
        : credit.kind === 'amount'
          ? credit.amount
          : credit.kind === 'cancel'
            ? uncredited
            : remaining;
    if (amount > uncredited) {
      const message = `Credit of ${formatKd(amount)} exceeds the ${formatKd(uncredited)} not yet credited on ${invoice.invoiceNumber}`;
      throw conflict(message, { [credit.kind === 'lines' ? 'lines' : 'amount']: message });
    }
    if (amount === 0) throw conflict(`Invoice ${invoice.invoiceNumber} has nothing left to credit`);
    if (issue.reason === 'write_off') await checkWriteOff(tx, amount, issue.permissions);
    await issue.gate(amount, invoice.customerId);

    // What the invoice still owed is credited first; the rest had been paid and becomes advance.
    const owedAmount = fils(Math.min(amount, remaining));
    const toAdvance = fils(amount - owedAmount);
    const inserted = await tx
      .insert(creditNotes)
      .values({
        creditNoteNumber: await nextCreditNoteNumber(tx),
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        creditDate: issue.date,
        reason: issue.reason,
        amount,
        owedAmount,
        toAdvance,
        notes: issue.notes,
        recordedBy: actor.id,
      })
      .returning({ id: creditNotes.id });
    const { id } = onlyRow(inserted);
    if (priced.length) {
      await tx.insert(creditNoteLines).values(
        priced.map((line, position) => ({
          parentId: id,
          position,
          productId: line.productId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          // What the discounts took off these units, so the line reads price, discount, value.
          ...discountColumns(discounted(line)),
          lineTotal: line.value,
        })),
      );
    }
    await changePaidAmount(tx, invoice.id, fils(-toAdvance), amount);
    await changeAdvanceBalance(tx, invoice.customerId, toAdvance);

    const creditNote = await this.get(id, tx);
    const after = await this.invoices.get(invoice.id, tx);
    const invoiceAction = credit.kind === 'cancel' ? 'cancel' : credit.kind === 'writeOff' ? 'write-off' : 'update';
    await appendAudit(tx, actor, [
      recordEvent(CREDIT_NOTE_AUDIT, 'create', null, creditNote),
      recordEvent(INVOICE_AUDIT, invoiceAction, before, after),
    ]);
    return creditNote;
  }
}
