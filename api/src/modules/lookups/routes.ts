import { LookupListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { LOOKUP_DEFINITIONS } from './definitions';
import { LookupService, type LookupItem } from './service';

/** /types, /customer-kinds, /customer-nationalities, /customer-cities, /banks: one module, five configurations. */
export default async function lookupRoutes(app: FastifyInstance, { db }: ModuleContext) {
  for (const definition of LOOKUP_DEFINITIONS) {
    const { alternateName } = definition;
    registerResource(app, definition.resource, {
      service: new LookupService(db, definition),
      inputSchema: definition.contract.schema,
      listQuerySchema: LookupListQuerySchema,
      csv: {
        filename: `${definition.contract.path.slice(1)}.csv`,
        columns: [
          { header: definition.nameHeader, value: (item) => item[definition.contract.nameField] },
          ...(alternateName
            ? [{ header: alternateName.header, value: (item: LookupItem) => item[alternateName.field] }]
            : []),
          { header: 'Created Date', value: (item) => item.createdAt },
        ],
      },
    });
  }
}
