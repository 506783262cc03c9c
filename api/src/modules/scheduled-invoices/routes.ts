import { GenerateInputSchema, ScheduleInputSchema, ScheduleListQuerySchema, type ScheduledInvoice } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import { actorOfRequest, answerList, idParam, type ListExport } from '../../http/resource-routes';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { ScheduledInvoiceService } from './service';

const CSV: ListExport<ScheduledInvoice> = {
  filename: 'scheduled-invoices.csv',
  columns: [
    { header: 'Schedule Name', value: (s) => s.scheduleName },
    { header: 'Reference #', value: (s) => s.referenceNumber },
    { header: 'Customer', value: (s) => s.customer.customerName },
    { header: 'Amount', value: (s) => csvCell.money(s.totalAmount) },
    { header: 'Period (months)', value: (s) => s.recurringPeriod },
    { header: 'Status', value: (s) => s.status },
    { header: 'Start Date', value: (s) => csvCell.day(s.startDate) },
    { header: 'End Date', value: (s) => csvCell.day(s.endDate) },
    { header: 'Next Invoice', value: (s) => csvCell.day(s.nextInvoiceDate) },
    { header: 'Generated', value: (s) => s.generatedCount },
  ],
};

export default async function scheduledInvoiceRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const service = new ScheduledInvoiceService(db, () => businessToday(config.businessTz, config.now()));
  const path = '/scheduled-invoices';
  const run = { config: { permission: 'schedules.run' as const } };

  app.get(path, { config: { permission: 'schedules.read' } }, async (request, reply) =>
    answerList(request, reply, service.list(parse(ScheduleListQuerySchema, request.query)), CSV),
  );
  // The Scheduled Invoices screen reads data.data.
  app.get(`${path}/due`, { config: { permission: 'schedules.read' } }, async () => ({ data: await service.due() }));
  app.get(`${path}/:id`, { config: { permission: 'schedules.read' } }, async (request) => service.get(idParam(request)));
  app.post(path, { config: { permission: 'schedules.create' } }, async (request, reply) => reply.code(201).send(await service.create(actorOfRequest(request), parse(ScheduleInputSchema, request.body))));
  app.put(`${path}/:id`, { config: { permission: 'schedules.update' } }, async (request) => {
    const id = idParam(request);
    return service.update(actorOfRequest(request), id, parse(ScheduleInputSchema, request.body));
  });
  app.delete(`${path}/:id`, { config: { permission: 'schedules.delete' } }, async (request, reply) => {
    await service.remove(actorOfRequest(request), idParam(request));
    return reply.code(204).send();
  });

  app.post(`${path}/:id/activate`, run, async (request) => service.activate(actorOfRequest(request), idParam(request)));
  app.post(`${path}/:id/automate`, run, async (request) => service.automate(actorOfRequest(request), idParam(request)));
  app.post(`${path}/:id/pause`, run, async (request) => service.pause(actorOfRequest(request), idParam(request)));
  app.post(`${path}/:id/resume`, run, async (request) => service.resume(actorOfRequest(request), idParam(request)));
  app.post(`${path}/:id/generate`, run, async (request, reply) => {
    const id = idParam(request);
    return reply.code(201).send(await service.generate(actorOfRequest(request), id, parse(GenerateInputSchema, request.body)));
  });
}
