import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  AgingQuerySchema,
  STATEMENT_LINE_LABELS,
  StatementQuerySchema,
  type AgingRow,
  type StatementLine,
  type StatementQuery,
  RESOURCES,
} from '@admin/shared/contract';
import { businessToday, toDay, type Day } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { csvCell, sendCsv, wantsCsv, type CsvColumn } from '../../http/csv';
import type { ModuleContext } from '../context';
import { agingReport, allAgingRows } from './aging';
import { customerStatement, statementPeriod } from './statement';

const AGING_COLUMNS: CsvColumn<AgingRow>[] = [
  { header: 'Customer', value: (row) => row.customer.customerName },
  { header: 'Alternate name', value: (row) => row.customer.customerAlternateName },
  { header: 'Status', value: (row) => row.status },
  { header: 'Kind', value: (row) => row.kindName },
  { header: 'City', value: (row) => row.cityName },
  ...AGING_BUCKETS.map((bucket) => ({
    header: `${AGING_BUCKET_LABELS[bucket]} (KD)`,
    value: (row: AgingRow) => csvCell.money(row[bucket]),
  })),
  { header: 'Total (KD)', value: (row) => csvCell.money(row.total) },
  { header: 'PDCs in hand (KD)', value: (row) => csvCell.money(row.pdcsInHand) },
  { header: 'Net exposure (KD)', value: (row) => csvCell.money(row.netExposure) },
  { header: 'Credit limit (KD)', value: (row) => csvCell.money(row.credit.creditLimit) },
  { header: 'Credit exposure (KD)', value: (row) => csvCell.money(row.credit.exposure) },
  { header: 'Headroom (KD)', value: (row) => csvCell.money(row.credit.headroom) },
];

const STATEMENT_COLUMNS: CsvColumn<StatementLine>[] = [
  { header: 'Date', value: (line) => csvCell.day(line.date) },
  { header: 'Type', value: (line) => STATEMENT_LINE_LABELS[line.kind] },
  { header: 'Number', value: (line) => line.number },
  { header: 'Description', value: (line) => line.description },
  { header: 'Debit (KD)', value: (line) => csvCell.money(line.debit) },
  { header: 'Credit (KD)', value: (line) => csvCell.money(line.credit) },
  { header: 'Balance (KD)', value: (line) => csvCell.money(line.balance) },
];

export default async function receivableRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const today = () => businessToday(config.businessTz, config.now());
  const read = { permission: 'receivables.read' as const };

  app.get(
    RESOURCES.receivables.path,
    { config: read, schema: { querystring: AgingQuerySchema } },
    async (request, reply) => {
      const { query } = request;
      const businessDay = today();
      const asOf = query.asOf ? toDay(query.asOf) : businessDay;
      if (wantsCsv(request))
        return sendCsv(
          reply,
          `receivables-aging-${asOf}.csv`,
          AGING_COLUMNS,
          allAgingRows(db, query, asOf, businessDay),
        );
      return agingReport(db, query, asOf, businessDay);
    },
  );

  /**
   * The statement as JSON, or as CSV (Accept: text/csv or the .csv address): the opening balance,
   * each line and the closing balance as rows, so the file adds up on its own.
   */
  const statement = async (id: string, query: StatementQuery, csv: boolean) => {
    const { from, to } = statementPeriod(today(), query);
    if (from > to) return { error: true as const };
    return { csv, data: await customerStatement(db, id, from, to) };
  };
  const sendStatement = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    query: StatementQuery,
    forceCsv: boolean,
  ) => {
    const answer = await statement(id, query, forceCsv || wantsCsv(request));
    if ('error' in answer) return answer;
    const { data } = answer;
    if (!answer.csv) return { data };
    const edge = (description: string, date: Day, balance: Fils): StatementLine => ({
      date,
      kind: 'invoice',
      number: '',
      description,
      debit: fils(0),
      credit: fils(0),
      balance,
    });
    const rows = [
      edge('Opening balance', data.from, data.openingBalance),
      ...data.lines,
      edge('Closing balance', data.to, data.closingBalance),
    ];
    const columns = STATEMENT_COLUMNS.map((column) =>
      column.header === 'Type' || column.header === 'Debit (KD)' || column.header === 'Credit (KD)'
        ? { ...column, value: (line: StatementLine) => (line.number === '' ? '' : column.value(line)) }
        : column,
    );
    return sendCsv(reply, `statement-${data.customer.customerName}-${toDay(data.to)}.csv`, columns, rows);
  };
  const statementRoute = { config: read, schema: { params: IdParamsSchema, querystring: StatementQuerySchema } };
  app.get(`${RESOURCES.customers.path}/:id/statement`, statementRoute, (request, reply) =>
    sendStatement(request, reply, request.params.id, request.query, false),
  );
  app.get(`${RESOURCES.customers.path}/:id/statement.csv`, statementRoute, (request, reply) =>
    sendStatement(request, reply, request.params.id, request.query, true),
  );
}
