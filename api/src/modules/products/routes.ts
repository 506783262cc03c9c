import { ProductInputSchema, ProductListQuerySchema, RESOURCES, type Product } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import { registerResource, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { ProductService } from './service';

const CSV: ListExport<Product> = {
  filename: 'products.csv',
  columns: [
    { header: 'Product Name', value: (p) => p.productName },
    { header: 'Product Type', value: (p) => p.productType.productTypeName },
    { header: 'Product Price', value: (p) => csvCell.money(p.productPrice) },
    { header: 'Created Date', value: (p) => p.createdAt },
  ],
};

export default async function productRoutes(app: FastifyInstance, { db }: ModuleContext) {
  registerResource(app, RESOURCES.products, {
    service: new ProductService(db),
    inputSchema: ProductInputSchema,
    listQuerySchema: ProductListQuerySchema,
    csv: CSV,
  });
}
