import { InvoiceInputSchema, InvoiceListQuerySchema, type Invoice } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { invoicesChanged } from '../../lib/invoices-changed';
import { csvCell } from '../../http/csv';
import { actorOfRequest, answerList, idParam, type ListExport } from '../../http/resource-routes';
import { parse } from '../../http/validate';
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

export default async function invoiceRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const service = new InvoiceService(db);

  app.get('/invoices', { config: { permission: 'invoices.read' } }, async (request, reply) =>
    answerList(request, reply, service.list(parse(InvoiceListQuerySchema, request.query)), CSV),
  );
  app.get('/invoices/:id', { config: { permission: 'invoices.read' } }, async (request) => service.get(idParam(request)));
  app.get('/invoices/:id/payment-status', { config: { permission: 'invoices.read' } }, async (request) => ({ data: await service.paymentStatus(idParam(request)) }));

  // A Cash invoice records money, so a repeated Idempotency-Key returns the first invoice.
  app.post('/invoices', { config: { permission: 'invoices.create' } }, async (request, reply) => {
    const input = parse(InvoiceInputSchema, request.body);
    const answer = await runIdempotent(db, request, 201, (tx) => service.create(tx, actorOfRequest(request), input));
    // Saved past its due date, the overdue job makes it overdue now rather than at its next interval.
    invoicesChanged();
    return sendIdempotent(reply, answer);
  });
  app.put('/invoices/:id', { config: { permission: 'invoices.update' } }, async (request) => {
    const id = idParam(request);
    const invoice = await service.update(actorOfRequest(request), id, parse(InvoiceInputSchema, request.body));
    invoicesChanged();
    return invoice;
  });
  app.delete('/invoices/:id', { config: { permission: 'invoices.delete' } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), idParam(request));
    return reply.code(204).send();
  });
}
