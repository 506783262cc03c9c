import {
  CollectionsQuerySchema,
  PERIOD_MESSAGES,
  type CollectionEntry,
  type CollectionsQuery,
  RESOURCES,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import type { FastifyInstance } from 'fastify';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { csvCell, sendCsv, wantsCsv, type CsvColumn } from '../../http/csv';
import { badRequest } from '../../http/errors';
import type { ModuleContext } from '../context';
import { CollectionsService, type CollectionsPeriod } from './service';

/** The entries of the period, one a row: the Money In column sums to the report's net collected. */
const ENTRY_COLUMNS: CsvColumn<CollectionEntry>[] = [
  { header: 'Date', value: (e) => csvCell.day(e.date) },
  { header: 'Number', value: (e) => e.number },
  { header: 'Customer', value: (e) => e.customer.customerName },
  { header: 'Type', value: (e) => e.kind },
  { header: 'Mode', value: (e) => e.paymentMode },
  { header: 'Counted As', value: (e) => e.line },
  { header: 'Amount (KD)', value: (e) => csvCell.money(e.amount) },
  { header: 'Money In (KD)', value: (e) => csvCell.money(e.moneyIn) },
  { header: 'Advance Used (KD)', value: (e) => csvCell.money(e.advanceUsed) },
  { header: 'Reference', value: (e) => e.referenceNumber },
  { header: 'Cheque Date', value: (e) => csvCell.day(e.chequeDate) },
  { header: 'Recorded By', value: (e) => e.recordedBy?.name },
];

export default async function collectionRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new CollectionsService(db);
  const read = { permission: 'collections.read' as const };

  /** The period asked for: `to` defaults to the business day, `from` to `to`. */
  const periodOf = (query: CollectionsQuery): CollectionsPeriod => {
    const to = query.to ? toDay(query.to) : businessToday(config.businessTz, config.now());
    const from = query.from ? toDay(query.from) : to;
    if (from > to) throw badRequest(PERIOD_MESSAGES.order, { from: PERIOD_MESSAGES.order });
    return { from, to, user: query.user ?? null };
  };

  app.get(
    RESOURCES.collections.path,
    { config: read, schema: { querystring: CollectionsQuerySchema } },
    async (request, reply) => {
      const period = periodOf(request.query);
      if (!wantsCsv(request)) return { data: await service.report(period) };
      await service.checkUser(period.user);
      const name = period.from === period.to ? period.from : `${period.from}-to-${period.to}`;
      return sendCsv(reply, `collections-${name}.csv`, ENTRY_COLUMNS, service.everyEntry(period));
    },
  );

  app.get(`${RESOURCES.collections.path}/staff`, { config: read }, async () => ({ data: await service.staff() }));
}
