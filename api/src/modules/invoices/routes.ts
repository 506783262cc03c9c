import { InvoiceInputSchema, InvoiceListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { actorOfRequest, idParam } from '../../http/resource-routes';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { InvoiceService } from './service';

export default async function invoiceRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const service = new InvoiceService(db);

  app.get('/invoices', { config: { permission: 'invoices.read' } }, async (request) => service.list(parse(InvoiceListQuerySchema, request.query)));
  app.get('/invoices/:id', { config: { permission: 'invoices.read' } }, async (request) => service.get(idParam(request)));
  app.get('/invoices/:id/payment-status', { config: { permission: 'invoices.read' } }, async (request) => ({ data: await service.paymentStatus(idParam(request)) }));

  // A Cash invoice records money, so a repeated Idempotency-Key returns the first invoice.
  app.post('/invoices', { config: { permission: 'invoices.create' } }, async (request, reply) => {
    const input = parse(InvoiceInputSchema, request.body);
    return sendIdempotent(reply, await runIdempotent(db, request, 201, (tx) => service.create(tx, actorOfRequest(request), input)));
  });
  app.put('/invoices/:id', { config: { permission: 'invoices.update' } }, async (request) => {
    const id = idParam(request);
    return service.update(actorOfRequest(request), id, parse(InvoiceInputSchema, request.body));
  });
  app.delete('/invoices/:id', { config: { permission: 'invoices.delete' } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), idParam(request));
    return reply.code(204).send();
  });
}
