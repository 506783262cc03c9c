import { ProductInputSchema, ProductListQuerySchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { crudPermissions } from '../../http/access';
import { registerResource } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { ProductService } from './service';

export default async function productRoutes(app: FastifyInstance, { db }: ModuleContext) {
  registerResource(app, '/products', {
    service: new ProductService(db),
    inputSchema: ProductInputSchema,
    listQuerySchema: ProductListQuerySchema,
    permissions: crudPermissions('products'),
  });
}
