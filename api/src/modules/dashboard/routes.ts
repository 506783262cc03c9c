import { RESOURCES } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { DashboardService } from './service';

export default async function dashboardRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const service = new DashboardService(db, config.businessTz, config.now);
  app.get(`${RESOURCES.dashboard.path}/summary`, { config: { permission: 'dashboard.read' } }, async () => ({
    data: await service.summary(),
  }));
}
