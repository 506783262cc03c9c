import { InvoiceInputSchema, InvoiceListQuerySchema, RESOURCES, type Invoice } from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import { invoicesChanged } from '../../lib/invoices-changed';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { registerResource, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { InvoiceService } from './service';

const CSV: ListExport<Invoice> = {
  filename: 'invoices.csv',
  columns: [
    { header: 'Invoice #', value: (i) => i.invoiceNumber },
    { header: 'Manual #', value: (i) => i.manualInvoiceNumber },
    { header: 'Reference #', value: (i) => i.referenceNumber },
    { header: 'Customer', value: (i) => i.customer.customerName },
    { header: 'Payment Type', value: (i) => (i.credit ? 'Credit' : 'Cash') },
    { header: 'Amount', value: (i) => csvCell.money(i.totalAmount) },
    { header: 'Paid', value: (i) => csvCell.money(i.paidAmount) },
    { header: 'Remaining', value: (i) => csvCell.money(i.remainingAmount) },
    { header: 'Status', value: (i) => i.status },
    { header: 'Date', value: (i) => csvCell.day(i.dateOfCreation) },
  ],
};

export default async function invoiceRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new InvoiceService(db, () => businessToday(config.businessTz, config.now()));
  registerResource(plain, RESOURCES.invoices, {
    service,
    inputSchema: InvoiceInputSchema,
    listQuerySchema: InvoiceListQuerySchema,
    csv: CSV,
    // A Cash invoice records money, so a repeated Idempotency-Key returns the first invoice.
    idempotentCreates: db,
    // Saved past its due date, the overdue job makes it overdue now rather than at its next interval.
    afterSave: invoicesChanged,
    // Issuing over a customer's credit limit or overdue rule is the accounts' decision.
    inputPermission: (input) => (input.override ? 'invoices.overrideCreditLimit' : undefined),
  });
  app.get(
    `${RESOURCES.invoices.path}/:id/payments`,
    { config: { permission: 'invoices.read' }, schema: { params: IdParamsSchema } },
    async (request) => ({ data: await service.settlements(request.params.id) }),
  );
  app.get(
    `${RESOURCES.invoices.path}/:id/payment-status`,
    { config: { permission: 'invoices.read' }, schema: { params: IdParamsSchema } },
    async (request) => ({ data: await service.paymentStatus(request.params.id) }),
  );
}
