import { AuditListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import { AuditService } from './service';

export default async function auditRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const service = new AuditService(db, config.businessTz);
  const read = { config: { permission: 'audit.read' as const } };

  app.get('/audit-log', read, async (request) => service.list(parse(AuditListQuerySchema, request.query)));
  // Walks the whole chain: its cost grows with the trail, so it is a call of its own.
  app.get('/audit-log/verify', read, async () => ({ data: await service.verify() }));
}
