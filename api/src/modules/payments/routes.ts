import {
  AdvancePaymentInputSchema,
  InvoicePaymentInputSchema,
  PAYMENT_MESSAGES,
  PAYMENT_MONEY_FIELDS,
  PaymentListQuerySchema,
  PaymentUpdateSchema,
  RefundInputSchema,
  type Payment,
} from '@admin/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { invoicesChanged } from '../../lib/invoices-changed';
import { csvCell } from '../../http/csv';
import { actorOfRequest, answerList, idParam, type ListExport } from '../../http/resource-routes';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { PaymentService } from './service';

const CSV: ListExport<Payment> = {
  filename: 'payments.csv',
  columns: [
    { header: 'Payment #', value: (p) => p.paymentNumber },
    { header: 'Customer', value: (p) => p.customer.customerName },
    { header: 'Type', value: (p) => p.paymentType },
    { header: 'Mode', value: (p) => p.paymentMode },
    { header: 'Amount', value: (p) => csvCell.money(p.amount) },
    { header: 'Advance Used', value: (p) => csvCell.money(p.advanceUsed) },
    { header: 'Reference', value: (p) => p.referenceNumber },
    { header: 'Date', value: (p) => csvCell.day(p.paymentDate) },
    { header: 'Invoices', value: (p) => p.allocations.map((a) => a.invoiceNumber).join(' ') },
  ],
};

/** A payment's money is fixed once recorded: an edit that names a money field is refused whole. */
function refuseMoneyChanges(request: FastifyRequest): void {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = PAYMENT_MONEY_FIELDS.filter((field) => field in body);
  if (fields.length) {
    throw badRequest(PAYMENT_MESSAGES.moneyFixed, Object.fromEntries(fields.map((field) => [field, PAYMENT_MESSAGES.moneyFixed])));
  }
}

export default async function paymentRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const service = new PaymentService(db);

  app.get('/payments', { config: { permission: 'payments.read' } }, async (request, reply) =>
    answerList(request, reply, service.list(parse(PaymentListQuerySchema, request.query)), CSV),
  );
  app.get('/payments/:id', { config: { permission: 'payments.read' } }, async (request) => ({ data: await service.get(idParam(request)) }));

  // Money-creating calls: one transaction each, deduplicated by an Idempotency-Key header when sent.
  app.post('/payments/advance', { config: { permission: 'payments.create' } }, async (request, reply) => {
    const input = parse(AdvancePaymentInputSchema, request.body);
    return sendIdempotent(reply, await runIdempotent(db, request, 201, async (tx) => ({ data: await service.createAdvance(tx, actorOfRequest(request), input) })));
  });
  app.post('/payments/invoice', { config: { permission: 'payments.create' } }, async (request, reply) => {
    const input = parse(InvoicePaymentInputSchema, request.body);
    return sendIdempotent(reply, await runIdempotent(db, request, 201, async (tx) => ({ data: await service.createInvoicePayment(tx, actorOfRequest(request), input) })));
  });
  app.post('/payments/refund', { config: { permission: 'payments.refund' } }, async (request, reply) => {
    const input = parse(RefundInputSchema, request.body);
    return sendIdempotent(reply, await runIdempotent(db, request, 201, async (tx) => ({ data: await service.createRefund(tx, actorOfRequest(request), input) })));
  });

  app.put('/payments/:id', { config: { permission: 'payments.update' } }, async (request) => {
    const id = idParam(request);
    refuseMoneyChanges(request);
    return { data: await service.update(actorOfRequest(request), id, parse(PaymentUpdateSchema, request.body)) };
  });
  app.delete('/payments/:id', { config: { permission: 'payments.delete' } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), idParam(request));
    // An invoice payment taken back may leave its invoice due past its due date: overdue again.
    invoicesChanged();
    return reply.code(204).send();
  });

  app.get('/payments/customer/:id/balance', { config: { permission: 'payments.read' } }, async (request) => ({ data: await service.balance(idParam(request)) }));
  app.get('/payments/customer/:id/summary', { config: { permission: 'payments.read' } }, async (request) => ({ data: await service.summary(idParam(request)) }));
}
