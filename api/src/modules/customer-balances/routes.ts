import { CustomerBalanceListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { CustomerBalanceService } from './service';

export default async function customerBalanceRoutes(app: FastifyInstance, { db }: ModuleContext) {
  const service = new CustomerBalanceService(db);
  app.get('/customer-balances', { config: { permission: 'balances.read' } }, async (request) => service.list(parse(CustomerBalanceListQuerySchema, request.query)));
}
