import { CustomerBalanceListQuerySchema, type CustomerBalanceRow, RESOURCES } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { answerList, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { CustomerBalanceService } from './service';

const CSV: ListExport<CustomerBalanceRow> = {
  filename: 'customer-balances.csv',
  columns: [
    { header: 'Customer', value: (b) => b.customerName },
    { header: 'Alternate Name', value: (b) => b.customerAlternateName },
    { header: 'Status', value: (b) => b.status },
    { header: 'Advance Balance', value: (b) => csvCell.money(b.advanceBalance) },
    { header: 'Total Due', value: (b) => csvCell.money(b.totalDue) },
    { header: 'Net Balance', value: (b) => csvCell.money(b.netBalance) },
    { header: 'Last Payment', value: (b) => csvCell.day(b.lastPaymentDate) },
  ],
};

export default async function customerBalanceRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new CustomerBalanceService(db);
  app.get(
    RESOURCES.customerBalances.path,
    { config: { permission: 'balances.read' }, schema: { querystring: CustomerBalanceListQuerySchema } },
    async (request, reply) => answerList(request, reply, service.list(request.query), CSV),
  );
}
