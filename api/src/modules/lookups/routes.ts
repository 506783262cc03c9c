import { LookupListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { crudPermissions } from '../../http/access';
import { registerResource } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { LOOKUP_DEFINITIONS } from './definitions';
import { LookupService } from './service';

/** /types, /customer-kinds, /customer-nationalities, /customer-cities: one module, four configurations. */
export default async function lookupRoutes(app: FastifyInstance, { db }: ModuleContext) {
  for (const definition of LOOKUP_DEFINITIONS) {
    registerResource(app, definition.contract.path, {
      service: new LookupService(db, definition),
      inputSchema: definition.contract.schema,
      listQuerySchema: LookupListQuerySchema,
      permissions: crudPermissions('lookups'),
      csv: {
        filename: `${definition.contract.path.slice(1)}.csv`,
        columns: [
          { header: definition.nameHeader, value: (item) => item[definition.contract.nameField] },
          { header: 'Created Date', value: (item) => item.createdAt },
        ],
      },
    });
  }
}
