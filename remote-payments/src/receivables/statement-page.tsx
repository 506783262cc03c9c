import { useQuery } from '@tanstack/react-query';
import {
  AGING_BUCKETS,
  DocumentSendFormSchema,
  RESOURCES,
  type CustomerStatement,
  type StatementLine,
} from '@admin/shared/contract';
import { toDay, type Day } from '@admin/shared/dates';
import type { Fils } from '@admin/shared/money';
import { useParams, useSearchParams } from '@admin/shared/router';
import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CustomerBlock,
  DataTable,
  DateRangeFilter,
  downloadCsv,
  PrintedDocument,
  PrintLabel,
  usePrintDocument,
  useScreenPrintText,
  type Column,
} from '@admin/shared/ui-kit';
import { statementPath, statementQuery } from './api';

/**
 * A customer's statement for a period (?from&to, default the last three months): printable on A4
 * in the customer's preferred language (or another chosen on the page), and downloadable as CSV
 * with the same lines.
 */
export function StatementPage() {
  const t = useScreenPrintText();
  const { customerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const statement = useQuery(statementQuery(customerId, period));
  const setDay = (name: 'from' | 'to', day: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (day) next.set(name, day);
      else next.delete(name);
      return next;
    });

  return (
    <PrintedDocument
      query={statement}
      back={{ to: RESOURCES.receivables.page, label: t('backToAging') }}
      errorText={t('statementFailed')}
      customerId={customerId}
      titleKey="statement"
      share={{ path: `${RESOURCES.customers.path}/${customerId}/statement/link`, body: period }}
      // The period shown, as the API worked it out: the mail names exactly what the sheet says.
      send={
        statement.data && {
          path: `${RESOURCES.customers.path}/${customerId}/statement/send?${new URLSearchParams({ from: statement.data.from, to: statement.data.to })}`,
          schema: DocumentSendFormSchema,
        }
      }
      sheetLabel={(record) => ({ key: 'statementSheet', values: { name: record.customer.customerName } })}
      actions={
        // The API client shows a failed download's message itself.
        <Button
          size="sm"
          variant="outline"
          disabled={!statement.data}
          onClick={() => downloadCsv(statementPath(customerId), period).catch(() => {})}
        >
          {t('downloadCsv')}
        </Button>
      }
      toolbar={
        <DateRangeFilter
          from={period.from ?? (statement.data && toDay(statement.data.from))}
          to={period.to ?? (statement.data && toDay(statement.data.to))}
          onChange={setDay}
        />
      }
    >
      {(record) => <StatementSheet statement={record} />}
    </PrintedDocument>
  );
}

const TOTAL_DUE = 'totalDue';

/** A row of the statement's table: a movement, or the balance the period opens or closes with. */
interface StatementRow {
  date: Day;
  /** The movement's kind, or 'Opening balance' / 'Closing balance' across Type … Credit. */
  text: `line.${StatementLine['kind']}` | 'openingBalance' | 'closingBalance';
  balance: Fils;
  line?: StatementLine;
}

function StatementSheet({ statement }: { statement: CustomerStatement }) {
  const { kd, day, digits, t } = usePrintDocument();
  const rows: StatementRow[] = [
    { date: statement.from, text: 'openingBalance', balance: statement.openingBalance },
    ...statement.lines.map((line) => ({
      date: line.date,
      text: `line.${line.kind}` as const,
      balance: line.balance,
      line,
    })),
    { date: statement.to, text: 'closingBalance', balance: statement.closingBalance },
  ];
  // An empty debit or credit stays blank; the balance always shows.
  const amount = (fils: Fils | undefined) => (fils ? <bdi>{kd(fils)}</bdi> : null);
  const columns: Column<StatementRow>[] = [
    { header: <PrintLabel text="date" />, key: 'date', nowrap: true, cell: (row) => day(row.date) },
    {
      header: <PrintLabel text="type" />,
      key: 'type',
      cell: (row) => <PrintLabel text={row.text} />,
      // A balance's label runs across Type, Number, Description, Debit and Credit.
      span: (row) => (row.line ? 1 : 5),
    },
    { header: <PrintLabel text="number" />, key: 'number', nowrap: true, cell: (row) => <bdi>{row.line?.number}</bdi> },
    { header: <PrintLabel text="descriptionColumn" />, key: 'description', cell: (row) => row.line?.description },
    {
      header: <PrintLabel text="debit" />,
      key: 'debit',
      numeric: true,
      nowrap: true,
      cell: (row) => amount(row.line?.debit),
    },
    {
      header: <PrintLabel text="creditColumn" />,
      key: 'credit',
      numeric: true,
      nowrap: true,
      cell: (row) => amount(row.line?.credit),
    },
    {
      header: <PrintLabel text="balance" />,
      key: 'balance',
      numeric: true,
      nowrap: true,
      cell: (row) => <bdi>{kd(row.balance)}</bdi>,
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="6">
        <CustomerBlock headingKey="customer" fallbackName={statement.customer.customerName}>
          <Text fontSize="sm" color="fg.muted">
            <PrintLabel text="paymentTerms" values={{ days: digits(statement.customer.paymentTermsDays) }} />
          </Text>
        </CustomerBlock>
        <Box textAlign="end" fontSize="sm">
          <Text color="fg.muted">
            <PrintLabel text="period" />
          </Text>
          <Text fontWeight="medium">
            <bdi>
              {day(statement.from)} – {day(statement.to)}
            </bdi>
          </Text>
        </Box>
      </Flex>

      <DataTable label={t('statementLines')} columns={columns} rows={rows} strong={(row) => !row.line} frame="scroll" />
      {statement.lines.length === 0 && (
        <Text mt="2" color="fg.muted">
          <PrintLabel text="noMovements" />
        </Text>
      )}

      <Box mt="8">
        <Heading as="h3" size="md" mb="2">
          <PrintLabel text="agingOn" values={{ day: day(statement.to) }} />
        </Heading>
        <SimpleGrid as="dl" aria-label={t('aging')} columns={{ base: 2, sm: 3, md: 6 }} gap="2">
          {[
            ...AGING_BUCKETS.map((bucket) => [`bucket.${bucket}`, statement.aging[bucket]] as const),
            [TOTAL_DUE, statement.aging.total] as const,
          ].map(([label, fils]) => (
            <Box key={label}>
              <Text as="dt" fontSize="sm" color="fg.muted">
                <PrintLabel text={label} />
              </Text>
              <Text as="dd" fontWeight="medium" fontVariantNumeric="tabular-nums">
                <bdi>{kd(fils)}</bdi>
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt="3" fontSize="sm" color="fg.muted">
          <PrintLabel text="balanceNote" />
        </Text>
      </Box>
    </>
  );
}
