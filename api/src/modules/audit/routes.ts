import { AuditListQuerySchema, type AuditEntry, RESOURCES } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { answerList, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { AuditService } from './service';

/** The trail as staff read it; the hashes stay with GET /audit-log/verify. */
const CSV: ListExport<AuditEntry> = {
  filename: 'audit-log.csv',
  columns: [
    { header: '#', value: (e) => e._id },
    { header: 'At', value: (e) => e.at },
    { header: 'User', value: (e) => e.actor.username },
    { header: 'Action', value: (e) => e.action },
    { header: 'Record Type', value: (e) => e.entityType },
    { header: 'Record', value: (e) => e.label },
    { header: 'Record Id', value: (e) => e.entityId },
    { header: 'Changed Fields', value: (e) => e.changes.map((change) => change.field).join(' ') },
  ],
};

export default async function auditRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new AuditService(db, config.businessTz, config.auditAnchorFile);
  const read = { config: { permission: 'audit.read' as const } };

  app.get(RESOURCES.auditLog.path, { ...read, schema: { querystring: AuditListQuerySchema } }, async (request, reply) =>
    answerList(request, reply, service.list(request.query), CSV),
  );
  // Walks the whole chain: its cost grows with the trail, so it is a call of its own.
  app.get(`${RESOURCES.auditLog.path}/verify`, read, async () => ({ data: await service.verify() }));
}
