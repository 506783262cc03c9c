import {
  PERIOD_LOCK_PATH,
  PERIOD_LOCK_REOPEN_PATH,
  PeriodLockInputSchema,
  PeriodReopenInputSchema,
  PeriodReopenRejectSchema,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { closePeriod, decideReopen, readPeriodLock, requestReopen } from './service';

export default async function periodLockRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const permission = 'periods.close' as const;

  // Staff dating a record may see why it is refused before they try.
  app.get(PERIOD_LOCK_PATH, { config: { anyUser: true } }, async () => ({ data: await readPeriodLock(db) }));
  app.put(PERIOD_LOCK_PATH, { config: { permission }, schema: { body: PeriodLockInputSchema } }, async (request) => ({
    data: await closePeriod(db, actorOfRequest(request), request.body, businessToday(config.businessTz, config.now())),
  }));
  app.post(
    PERIOD_LOCK_REOPEN_PATH,
    { config: { permission }, schema: { body: PeriodReopenInputSchema } },
    async (request) => ({ data: await requestReopen(db, actorOfRequest(request), request.body) }),
  );
  app.post(
    `${PERIOD_LOCK_REOPEN_PATH}/:id/approve`,
    { config: { permission }, schema: { params: IdParamsSchema } },
    async (request) => ({
      data: await decideReopen(db, actorOfRequest(request), request.params.id, { approve: true }),
    }),
  );
  app.post(
    `${PERIOD_LOCK_REOPEN_PATH}/:id/reject`,
    { config: { permission }, schema: { params: IdParamsSchema, body: PeriodReopenRejectSchema } },
    async (request) => ({
      data: await decideReopen(db, actorOfRequest(request), request.params.id, { approve: false, ...request.body }),
    }),
  );
}
