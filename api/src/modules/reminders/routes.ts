import {
  PromiseToPayInputSchema,
  REMINDER_SETTINGS_PATH,
  ReminderSettingsInputSchema,
  RESOURCES,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { recordPromise } from './promise';
import { readReminderSettings, saveReminderSettings } from './settings';

export default async function reminderRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const permission = 'settings.reminders' as const;

  app.get(REMINDER_SETTINGS_PATH, { config: { permission } }, async () => ({ data: await readReminderSettings(db) }));
  app.put(
    REMINDER_SETTINGS_PATH,
    { config: { permission }, schema: { body: ReminderSettingsInputSchema } },
    async (request) => ({ data: await saveReminderSettings(db, actorOfRequest(request), request.body) }),
  );

  app.post(
    `${RESOURCES.invoices.path}/:id/promise`,
    { config: { permission: 'invoices.promise' }, schema: { params: IdParamsSchema, body: PromiseToPayInputSchema } },
    async (request) => ({
      data: await recordPromise(
        db,
        actorOfRequest(request),
        request.params.id,
        request.body,
        businessToday(config.businessTz, config.now()),
      ),
    }),
  );
}
