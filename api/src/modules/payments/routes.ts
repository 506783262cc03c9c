import {
  AdvancePaymentInputSchema,
  InvoicePaymentInputSchema,
  PAYMENT_MESSAGES,
  PAYMENT_MONEY_FIELDS,
  PaymentListQuerySchema,
  PaymentUpdateSchema,
  paidBy,
  RefundInputSchema,
  type Payment,
  RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { invoicesChanged } from '../../lib/invoices-changed';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, answerList, type ListExport } from '../../http/resource-routes';
import { gatedWrite } from '../approvals/gate';
import type { ModuleContext } from '../context';
import { readReceipt } from './receipt';
import { PaymentService } from './service';

const CSV: ListExport<Payment> = {
  filename: 'payments.csv',
  columns: [
    { header: 'Payment #', value: (p) => p.paymentNumber },
    { header: 'Customer', value: (p) => p.customer.customerName },
    { header: 'Type', value: (p) => p.paymentType },
    { header: 'Mode', value: (p) => p.paymentMode },
    { header: 'Paid By', value: (p) => paidBy(p) },
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
    throw badRequest(
      PAYMENT_MESSAGES.moneyFixed,
      Object.fromEntries(fields.map((field) => [field, PAYMENT_MESSAGES.moneyFixed])),
    );
  }
}

export default async function paymentRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new PaymentService(db);
  const read = { permission: 'payments.read' as const };
  const one = { params: IdParamsSchema };

  app.get(
    RESOURCES.payments.path,
    { config: read, schema: { querystring: PaymentListQuerySchema } },
    async (request, reply) => answerList(request, reply, service.list(request.query), CSV),
  );
  app.get(`${RESOURCES.payments.path}/:id`, { config: read, schema: one }, async (request) => ({
    data: await service.get(request.params.id),
  }));
  app.get(`${RESOURCES.payments.path}/:id/receipt`, { config: read, schema: one }, async (request) => ({
    data: await readReceipt(db, request.params.id),
  }));

  // Money-creating calls: one transaction each, deduplicated by an Idempotency-Key header when sent.
  const create = { permission: 'payments.create' as const };
  app.post(
    `${RESOURCES.payments.path}/advance`,
    { config: create, schema: { body: AdvancePaymentInputSchema } },
    async (request, reply) => {
      const input = request.body;
      return sendIdempotent(
        reply,
        await runIdempotent(db, request, 201, async (tx) => ({
          data: await service.createAdvance(tx, actorOfRequest(request), input),
        })),
      );
    },
  );
  app.post(
    `${RESOURCES.payments.path}/invoice`,
    { config: create, schema: { body: InvoicePaymentInputSchema } },
    async (request, reply) => {
      const input = request.body;
      return sendIdempotent(
        reply,
        await runIdempotent(db, request, 201, async (tx) => ({
          data: await service.createInvoicePayment(tx, actorOfRequest(request), input),
        })),
      );
    },
  );
  app.post(
    `${RESOURCES.payments.path}/refund`,
    { config: { permission: 'payments.refund' }, schema: { body: RefundInputSchema } },
    async (request, reply) => {
      const input = request.body;
      // Above the company's refund approval amount, the refund waits for another staff member (202).
      return gatedWrite(
        request,
        reply,
        { db, statusCode: 201, held: { kind: 'refund', input } },
        async (tx, actor, gate) => ({ data: await service.createRefund(tx, actor, input, gate) }),
      );
    },
  );

  const update = {
    config: { permission: 'payments.update' as const },
    schema: { ...one, body: PaymentUpdateSchema },
    // Before the body's check, which would call an amount only an unknown field.
    preValidation: async (request: FastifyRequest) => refuseMoneyChanges(request),
  };
  app.put(`${RESOURCES.payments.path}/:id`, update, async (request) => ({
    data: await service.update(actorOfRequest(request), request.params.id, request.body),
  }));
  app.delete(
    `${RESOURCES.payments.path}/:id`,
    { config: { permission: 'payments.delete' }, schema: one },
    async (request, reply) => {
      await service.remove(actorOfRequest(request), request.params.id);
      // An invoice payment taken back may leave its invoice due past its due date: overdue again.
      invoicesChanged();
      return reply.code(204).send();
    },
  );

  app.get(`${RESOURCES.payments.path}/customer/:id/balance`, { config: read, schema: one }, async (request) => ({
    data: await service.balance(request.params.id),
  }));
  app.get(`${RESOURCES.payments.path}/customer/:id/summary`, { config: read, schema: one }, async (request) => ({
    data: await service.summary(request.params.id),
  }));
}
