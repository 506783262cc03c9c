import {
  GenerateInputSchema,
  RESOURCES,
  ScheduleInputSchema,
  ScheduleListQuerySchema,
  type ScheduledInvoice,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, registerResource, type ListExport } from '../../http/resource-routes';
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

export default async function scheduledInvoiceRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new ScheduledInvoiceService(db, () => businessToday(config.businessTz, config.now()));
  const { path } = RESOURCES.scheduledInvoices;
  const one = { params: IdParamsSchema };
  const run = { config: { permission: 'schedules.run' as const }, schema: one };

  registerResource(plain, RESOURCES.scheduledInvoices, {
    service,
    inputSchema: ScheduleInputSchema,
    listQuerySchema: ScheduleListQuerySchema,
    csv: CSV,
  });
  // The Scheduled Invoices screen reads data.data.
  app.get(`${path}/due`, { config: { permission: 'schedules.read' } }, async () => ({ data: await service.due() }));

  app.post(`${path}/:id/activate`, run, async (request) => ({
    data: await service.activate(actorOfRequest(request), request.params.id),
  }));
  app.post(`${path}/:id/automate`, run, async (request) => ({
    data: await service.automate(actorOfRequest(request), request.params.id),
  }));
  app.post(`${path}/:id/pause`, run, async (request) => ({
    data: await service.pause(actorOfRequest(request), request.params.id),
  }));
  app.post(`${path}/:id/resume`, run, async (request) => ({
    data: await service.resume(actorOfRequest(request), request.params.id),
  }));
  app.post(`${path}/:id/generate`, { ...run, schema: { ...one, body: GenerateInputSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await service.generate(actorOfRequest(request), request.params.id, request.body) }),
  );
}
