import { CustomerInputSchema, CustomerListQuerySchema, RESOURCES, type Customer } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { creditPosition } from '../credit-limits/exposure';
import { csvCell } from '../../http/csv';
import { registerResource, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { CustomerService } from './service';

const CSV: ListExport<Customer> = {
  filename: 'customers.csv',
  columns: [
    { header: 'Customer', value: (c) => c.customerName },
    { header: 'Alternate Name', value: (c) => c.customerAlternateName },
    { header: 'Kind', value: (c) => c.customerKind.kindName },
    { header: 'Nationality', value: (c) => c.customerNationality.nationalityName },
    { header: 'City', value: (c) => c.customerCity.cityName },
    { header: 'Status', value: (c) => c.status },
    { header: 'E-mail', value: (c) => c.email },
    { header: 'Mobile', value: (c) => c.mobile },
    { header: 'Credit Limit', value: (c) => csvCell.money(c.creditLimit) },
    { header: 'Max Overdue Days', value: (c) => c.maxOverdueDays },
    { header: 'Date of Creation', value: (c) => csvCell.day(c.dateOfCreation) },
    { header: 'Created Date', value: (c) => c.createdAt },
  ],
};

export default async function customerRoutes(app: FastifyInstance, { db }: ModuleContext) {
  registerResource(app, RESOURCES.customers, {
    service: new CustomerService(db),
    inputSchema: CustomerInputSchema,
    listQuerySchema: CustomerListQuerySchema,
    csv: CSV,
  });
  app
    .withTypeProvider<ContractTypeProvider>()
    .get(
      `${RESOURCES.customers.path}/:id/credit`,
      { config: { permission: 'customers.read' }, schema: { params: IdParamsSchema } },
      async (request) => ({ data: await creditPosition(db, request.params.id) }),
    );
}
