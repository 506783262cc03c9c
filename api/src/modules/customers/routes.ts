import { CustomerInputSchema, CustomerListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { crudPermissions } from '../../http/access';
import { registerResource } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { CustomerService } from './service';

export default async function customerRoutes(app: FastifyInstance, { db }: ModuleContext) {
  registerResource(app, '/customers', {
    service: new CustomerService(db),
    inputSchema: CustomerInputSchema,
    listQuerySchema: CustomerListQuerySchema,
    permissions: crudPermissions('customers'),
  });
}
