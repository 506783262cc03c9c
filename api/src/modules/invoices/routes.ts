import { InvoiceInputSchema, InvoiceListQuerySchema, type Invoice } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { invoicesChanged } from '../../lib/invoices-changed';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, answerList, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { InvoiceService } from './service';

const CSV: ListExport<Invoice> = {
  filename: 'invoices.csv',
  columns: [
    { header: 'Invoice #', value: (i) => i.invoiceNumber },
    { header: 'Manual #', value: (i) => i.manualInvoiceNumber },
    { header: 'Reference #', value: (i) => i.referenceNumber },
    { header: 'Customer', value: (i) => i.customer.customerName },
    { header: 'Payment Type', value: (i) => (i.credit ? 'Credit' : 'Cash') },
    { header: 'Amount', value: (i) => csvCell.money(i.totalAmount) },
    { header: 'Paid', value: (i) => csvCell.money(i.paidAmount) },
    { header: 'Remaining', value: (i) => csvCell.money(i.remainingAmount) },
    { header: 'Status', value: (i) => i.status },
    { header: 'Date', value: (i) => csvCell.day(i.dateOfCreation) },
  ],
};

export default async function invoiceRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new InvoiceService(db);
  const read = { permission: 'invoices.read' as const };

  app.get('/invoices', { config: read, schema: { querystring: InvoiceListQuerySchema } }, async (request, reply) =>
    answerList(request, reply, service.list(request.query), CSV),
  );
  app.get('/invoices/:id', { config: read, schema: { params: IdParamsSchema } }, async (request) => service.get(request.params.id));
  app.get('/invoices/:id/payment-status', { config: read, schema: { params: IdParamsSchema } }, async (request) => ({
    data: await service.paymentStatus(request.params.id),
  }));

  // A Cash invoice records money, so a repeated Idempotency-Key returns the first invoice.
  app.post('/invoices', { config: { permission: 'invoices.create' }, schema: { body: InvoiceInputSchema } }, async (request, reply) => {
    const input = request.body;
    const answer = await runIdempotent(db, request, 201, (tx) => service.create(tx, actorOfRequest(request), input));
    // Saved past its due date, the overdue job makes it overdue now rather than at its next interval.
    invoicesChanged();
    return sendIdempotent(reply, answer);
  });
  const update = { config: { permission: 'invoices.update' as const }, schema: { params: IdParamsSchema, body: InvoiceInputSchema } };
  app.put('/invoices/:id', update, async (request) => {
    const invoice = await service.update(actorOfRequest(request), request.params.id, request.body);
    invoicesChanged();
    return invoice;
  });
  app.delete('/invoices/:id', { config: { permission: 'invoices.delete' }, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), request.params.id);
    return reply.code(204).send();
  });
}
