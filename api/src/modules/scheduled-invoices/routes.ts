import { GenerateInputSchema, ScheduleInputSchema, ScheduleListQuerySchema } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { idParam } from '../../http/resource-routes';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { ScheduledInvoiceService } from './service';

export default async function scheduledInvoiceRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const service = new ScheduledInvoiceService(db, () => businessToday(config.businessTz, config.now()));
  const path = '/scheduled-invoices';

  app.get(path, async (request) => service.list(parse(ScheduleListQuerySchema, request.query)));
  // SPEC.md's screen reads data.data.
  app.get(`${path}/due`, async () => ({ data: await service.due() }));
  app.get(`${path}/:id`, async (request) => service.get(idParam(request)));
  app.post(path, async (request, reply) => reply.code(201).send(await service.create(parse(ScheduleInputSchema, request.body))));
  app.put(`${path}/:id`, async (request) => {
    const id = idParam(request);
    return service.update(id, parse(ScheduleInputSchema, request.body));
  });
  app.delete(`${path}/:id`, async (request, reply) => {
    await service.remove(idParam(request));
    return reply.code(204).send();
  });

  app.post(`${path}/:id/activate`, async (request) => service.activate(idParam(request)));
  app.post(`${path}/:id/automate`, async (request) => service.automate(idParam(request)));
  app.post(`${path}/:id/pause`, async (request) => service.pause(idParam(request)));
  app.post(`${path}/:id/resume`, async (request) => service.resume(idParam(request)));
  app.post(`${path}/:id/generate`, async (request, reply) => {
    const id = idParam(request);
    return reply.code(201).send(await service.generate(id, parse(GenerateInputSchema, request.body)));
  });
}
