import {
  ADVANCE_MODE,
  PAYMENT_MESSAGES,
  fundingOf,
  paymentSearchOf,
  type AdvancePaymentInput,
  type CustomerBalance,
  type CustomerPaymentSummary,
  type InvoicePaymentInput,
  type InvoicePaymentResult,
  type Payment,
  type PaymentCheque,
  type PaymentListQuery,
  type PaymentUpdate,
  type RefundInput,
} from '@admin/shared/contract';
import { fils, formatKd, sumFils, type Fils } from '@admin/shared/money';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { recordEvent } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { customers, invoices, payments } from '../../db/schema';
import {
  defineList,
  LIST_BLOCKS,
  LIST_FIGURES,
  picked,
  searchAcross,
  withinDays,
  type Listing,
  type ListOrder,
} from '../../lists';
import { badRequest, conflict, notFound } from '../../http/errors';
import { sumOfFils } from '../../db/money-sql';
import { customerNamed } from '../customers/service';
import { balanceFigures, toBalance } from '../ledger/balance-figures';
import {
  changeAdvanceBalance,
  insertPayment,
  invoicePaymentMode,
  lockAccount,
  lockInvoices,
  lockPayment,
  refusalToPay,
  reversePayment,
} from '../ledger/moves';
import { PAYMENT_AUDIT, readPayment, selectPayments, toPayment } from '../ledger/payment-record';
import { writeTransaction } from '../../db/contention';
import { ChequeService } from '../cheques/service';
import { PROCEED, type Gate } from '../approvals/gate';
import { assertPeriodOpen, closedThrough, refuseClosed } from '../period-lock/guard';

function filterOf(query: PaymentListQuery): SQL | undefined {
  return and(
    searchAcross(query.search && paymentSearchOf(query.search), [
      { issuedNumber: payments.paymentNumber, prefix: 'PAY-' },
      payments.referenceNumber,
      (pattern) => customerNamed(payments.customerId, pattern),
    ]),
    picked(payments.paymentType, query.paymentType),
    picked(payments.paymentMode, query.paymentMode),
    query.customer ? eq(payments.customerId, query.customer) : undefined,
    withinDays(payments.paymentDate, query),
  );
}

/** Newest first: by payment date, then number. */
const PAYMENT_ORDER: ListOrder<NonNullable<PaymentListQuery['sort']>> = {
  columns: {
    paymentNumber: payments.paymentNumber,
    customer: customers.customerName,
    paymentType: payments.paymentType,
    paymentMode: payments.paymentMode,
    amount: payments.amount,
    referenceNumber: payments.referenceNumber,
    paymentDate: payments.paymentDate,
  },
  byDefault: { sort: ['paymentDate', 'paymentNumber'], order: 'desc' },
  id: payments.id,
  blocks: LIST_BLOCKS.payments,
};

const PAYMENT_LIST = defineList({
  id: payments.id,
  select: (db: Database) => selectPayments(db).$dynamic(),
  where: filterOf,
  order: PAYMENT_ORDER,
  readWithJoins: ['customer'],
  figures: () => LIST_FIGURES.payments,
  rows: (found) => found.map(toPayment),
});

export class PaymentService {
  private readonly cheques: ChequeService;

  constructor(private readonly db: Database) {
    this.cheques = new ChequeService(db);
  }

  list(query: PaymentListQuery): Listing<Payment> {
    return PAYMENT_LIST.read(this.db, query);
  }

  get(id: string, db: Database = this.db): Promise<Payment> {
    return readPayment(db, id);
  }

  /** The new payment's wire form, after its entry is appended: the last step of a money transaction. */
  private async recordCreated(
    tx: Transaction,
    actor: Actor,
    action: 'create' | 'refund',
    id: string,
  ): Promise<Payment> {
    const payment = await this.get(id, tx);
    await appendAudit(tx, actor, [recordEvent(PAYMENT_AUDIT, action, null, payment)]);
    return payment;
  }

  async createAdvance(tx: Transaction, actor: Actor, input: AdvancePaymentInput): Promise<Payment> {
    // The closed period first: a write's first lock (period-lock/guard.ts).
    await assertPeriodOpen(tx, { paymentDate: input.paymentDate });
    if (input.cheque) {
      const cheque = await this.cheques.create(tx, actor, {
        ...input.cheque,
        customer: input.customer,
        amount: input.amount,
        receivedDate: input.paymentDate,
        notes: input.notes,
      });
      return this.get(cheque.payments[0]!._id, tx);
    }
    await lockAccount(tx, input.customer);
    const id = await insertPayment(tx, {
      customerId: input.customer,
      paymentType: 'advance',
      paymentMode: input.paymentMode,
      amount: input.amount,
      paymentDate: input.paymentDate,
      referenceNumber: input.referenceNumber,
      notes: input.notes,
      recordedBy: actor.id,
    });
    await changeAdvanceBalance(tx, input.customer, input.amount);
    return this.recordCreated(tx, actor, 'create', id);
  }

  async createRefund(tx: Transaction, actor: Actor, input: RefundInput, gate: Gate = PROCEED): Promise<Payment> {
    await assertPeriodOpen(tx, { paymentDate: input.paymentDate });
    const balance = await lockAccount(tx, input.customer);
    if (input.amount > balance) {
      throw conflict(`Refund of ${formatKd(input.amount)} exceeds the advance balance of ${formatKd(balance)}`);
    }
    await gate(input.amount, input.customer);
    const paidBack = fils(-input.amount);
    const id = await insertPayment(tx, {
      customerId: input.customer,
      paymentType: 'refund',
      paymentMode: input.paymentMode,
      amount: paidBack,
      paymentDate: input.paymentDate,
      referenceNumber: input.referenceNumber,
      notes: input.notes,
      recordedBy: actor.id,
    });
    await changeAdvanceBalance(tx, input.customer, paidBack);
    return this.recordCreated(tx, actor, 'refund', id);
  }

  /**
   * Settles the chosen invoices, all or nothing. Each amount is checked against the invoice's
   * remaining amount under its row lock, so concurrent payments cannot overpay it; the advance
   * part is min(total, balance) read under the account lock.
   */
  async createInvoicePayment(
    tx: Transaction,
    actor: Actor,
    request: InvoicePaymentInput,
  ): Promise<InvoicePaymentResult> {
    // Ids are compared as text below; the database writes uuids in lower case.
    const input = {
      ...request,
      customer: request.customer.toLowerCase(),
      relatedInvoices: request.relatedInvoices.map((line) => ({ ...line, invoice: line.invoice.toLowerCase() })),
    };
    await assertPeriodOpen(tx, { paymentDate: input.paymentDate });
    const total = sumFils(input.relatedInvoices.map((line) => line.paidAmount));
    if (input.amount !== undefined && input.amount !== null && input.amount !== total) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
    }
    const balance = await lockAccount(tx, input.customer);
    const locked = await lockInvoices(
      tx,
      input.relatedInvoices.map((line) => line.invoice),
    );
    input.relatedInvoices.forEach((line, index) => {
      const invoice = locked.get(line.invoice);
      const field = `relatedInvoices.${index}.invoice`;
      if (!invoice) throw badRequest('Invoice not found', { [field]: 'Invoice not found' });
      if (invoice.customerId !== input.customer) {
        const message = `Invoice ${invoice.invoiceNumber} belongs to another customer`;
        throw badRequest(message, { [field]: message });
      }
      const refusal = refusalToPay(invoice, line.paidAmount);
      if (refusal) throw refusal;
    });

    const fromAdvance = input.useAdvanceBalance || input.paymentMode === ADVANCE_MODE;
    const { advanceUsed } = fundingOf(total, balance, fromAdvance);
    if (input.paymentMode === ADVANCE_MODE && advanceUsed < total) {
      throw conflict(`The advance balance of ${formatKd(balance)} does not cover the payment of ${formatKd(total)}`);
    }
    if (input.cheque && advanceUsed < total) return this.payByCheque(tx, actor, input, input.cheque, advanceUsed);
    const id = await insertPayment(tx, {
      customerId: input.customer,
      paymentType: 'invoice_payment',
      paymentMode: invoicePaymentMode(input.paymentMode, total, advanceUsed),
      amount: total,
      advanceUsed,
      paymentDate: input.paymentDate,
      referenceNumber: input.referenceNumber,
      notes: input.notes,
      allocations: input.relatedInvoices.map((line) => ({ invoiceId: line.invoice, amount: line.paidAmount })),
      recordedBy: actor.id,
    });
    await changeAdvanceBalance(tx, input.customer, fils(-advanceUsed));
    return {
      payment: await this.recordCreated(tx, actor, 'create', id),
      advanceUsed,
      remainingAmountPaid: fils(total - advanceUsed),
    };
  }

  /**
   * An invoice payment made with a cheque: the cheque enters the register and posts its part, so a
   * bounce takes back exactly it. The part the advance balance pays, taken from the invoices in
   * their order, is a payment of its own in mode Advance, which a bounce leaves alone.
   */
  private async payByCheque(
    tx: Transaction,
    actor: Actor,
    input: InvoicePaymentInput,
    chequeDetails: PaymentCheque,
    advanceUsed: Fils,
  ): Promise<InvoicePaymentResult> {
    let advanceLeft: number = advanceUsed;
    const parts = input.relatedInvoices.map((line) => {
      const fromAdvance = Math.min(line.paidAmount, advanceLeft);
      advanceLeft -= fromAdvance;
      return { invoice: line.invoice, fromAdvance: fils(fromAdvance), byCheque: fils(line.paidAmount - fromAdvance) };
    });
    if (advanceUsed > 0) {
      const id = await insertPayment(tx, {
        customerId: input.customer,
        paymentType: 'invoice_payment',
        paymentMode: ADVANCE_MODE,
        amount: advanceUsed,
        advanceUsed,
        recordedBy: actor.id,
        paymentDate: input.paymentDate,
        referenceNumber: input.referenceNumber,
        notes: input.notes,
        allocations: parts
          .filter((part) => part.fromAdvance > 0)
          .map((part) => ({ invoiceId: part.invoice, amount: part.fromAdvance })),
      });
      await changeAdvanceBalance(tx, input.customer, fils(-advanceUsed));
      await this.recordCreated(tx, actor, 'create', id);
    }
    const byCheque = fils(sumFils(parts.map((part) => part.byCheque)));
    const cheque = await this.cheques.create(tx, actor, {
      ...chequeDetails,
      customer: input.customer,
      amount: byCheque,
      receivedDate: input.paymentDate,
      relatedInvoices: parts
        .filter((part) => part.byCheque > 0)
        .map((part) => ({ invoice: part.invoice, paidAmount: part.byCheque })),
      notes: input.notes,
    });
    return {
      payment: await this.get(cheque.payments[0]!._id, tx),
      advanceUsed,
      remainingAmountPaid: byCheque,
    };
  }

  /** Date, mode, reference and notes only; the mode must keep telling where the money came from. */
  async update(actor: Actor, id: string, input: PaymentUpdate): Promise<Payment> {
    return this.db.transaction(async (tx) => {
      // Neither the day it had nor the day it gets may be in the closed period.
      const closed = await assertPeriodOpen(tx, { paymentDate: input.paymentDate });
      const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      if (!payment) throw notFound('Payment not found');
      refuseClosed(closed, { paymentDate: payment.paymentDate });
      const before = await this.get(id, tx);
      if (input.paymentMode !== undefined) {
        const fromAdvanceOnly = payment.paymentType === 'invoice_payment' && payment.advanceUsed === payment.amount;
        if ((input.paymentMode === ADVANCE_MODE) !== fromAdvanceOnly) {
          throw badRequest(PAYMENT_MESSAGES.advanceMode, { paymentMode: PAYMENT_MESSAGES.advanceMode });
        }
      }
      const changes = {
        ...(input.paymentDate !== undefined && { paymentDate: input.paymentDate }),
        ...(input.paymentMode !== undefined && { paymentMode: input.paymentMode }),
        ...(input.referenceNumber !== undefined && { referenceNumber: input.referenceNumber || null }),
        ...(input.notes !== undefined && { notes: input.notes || null }),
      };
      await tx
        .update(payments)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
      const after = await this.get(id, tx);
      await appendAudit(tx, actor, [recordEvent(PAYMENT_AUDIT, 'update', before, after)]);
      return after;
    });
  }

  remove(actor: Actor, id: string): Promise<void> {
    return writeTransaction(this.db, async (tx) => {
      const closed = await closedThrough(tx);
      const locked = await lockPayment(tx, id);
      refuseClosed(closed, [locked.payment.paymentDate]);
      const before = await this.get(id, tx);
      await reversePayment(tx, locked);
      await appendAudit(tx, actor, [recordEvent(PAYMENT_AUDIT, 'delete', before, null)]);
    });
  }

  private async assertCustomer(customerId: string): Promise<void> {
    const [customer] = await this.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw notFound('Customer not found');
  }

  async balance(customerId: string): Promise<CustomerBalance> {
    const [row] = await this.db.select(balanceFigures).from(customers).where(eq(customers.id, customerId));
    if (!row) throw notFound('Customer not found');
    return toBalance(row);
  }

  async summary(customerId: string): Promise<CustomerPaymentSummary> {
    await this.assertCustomer(customerId);
    const [paymentSummary, invoiceSummary] = await Promise.all([
      this.db
        .select({ _id: payments.paymentType, totalAmount: sumOfFils(payments.amount), count: count() })
        .from(payments)
        .where(eq(payments.customerId, customerId))
        .groupBy(payments.paymentType)
        .orderBy(payments.paymentType),
      this.db
        .select({ _id: invoices.status, totalAmount: sumOfFils(invoices.totalAmount), count: count() })
        .from(invoices)
        .where(eq(invoices.customerId, customerId))
        .groupBy(invoices.status)
        .orderBy(invoices.status),
    ]);
    return { paymentSummary, invoiceSummary };
  }
}
