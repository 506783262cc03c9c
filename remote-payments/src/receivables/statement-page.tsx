import { useQuery } from '@tanstack/react-query';
import { AGING_BUCKETS, RESOURCES, type Customer, type CustomerStatement } from '@admin/shared/contract';
import { toDay } from '@admin/shared/dates';
import { useParams, useSearchParams } from '@admin/shared/router';
import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CompanyBlock,
  CustomerBlock,
  documentLanguage,
  DateRangeFilter,
  downloadCsv,
  PrintDocument,
  PrintFooter,
  PrintLabel,
  PrintLanguageSwitch,
  PrintPage,
  printText,
  Table,
  useCompanySettings,
  usePrintCustomer,
  usePrintDocument,
  usePrintMode,
  useScreenPrintText,
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
  const customer = usePrintCustomer(customerId);
  const company = useCompanySettings();
  const [mode, setMode] = usePrintMode(customer.data?.preferredLanguage);
  const setDay = (name: 'from' | 'to', day: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (day) next.set(name, day);
      else next.delete(name);
      return next;
    });

  return (
    <PrintPage
      back={{ to: RESOURCES.receivables.page, label: t('backToAging') }}
      state={statement.isPending ? 'loading' : statement.isError ? 'error' : 'ready'}
      errorText={t('statementFailed')}
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
        <Flex mb="4" gap="4" wrap="wrap" align="end">
          <DateRangeFilter
            from={period.from ?? (statement.data && toDay(statement.data.from))}
            to={period.to ?? (statement.data && toDay(statement.data.to))}
            onChange={setDay}
          />
          <PrintLanguageSwitch mode={mode} onChange={setMode} />
        </Flex>
      }
    >
      {statement.data && (
        <PrintDocument
          mode={mode}
          company={company.data}
          label={printText(documentLanguage(mode), STATEMENT_SHEET, { name: statement.data.customer.customerName })}
        >
          <StatementSheet statement={statement.data} customer={customer.data} />
        </PrintDocument>
      )}
    </PrintPage>
  );
}

const STATEMENT_SHEET = 'statementSheet';
const TEXT_COLUMNS = ['date', 'type', 'number', 'descriptionColumn'] as const;
const AMOUNT_COLUMNS = ['debit', 'creditColumn', 'balance'] as const;
const OPENING = 'openingBalance';
const CLOSING = 'closingBalance';
const TOTAL_DUE = 'totalDue';

function StatementSheet({ statement, customer }: { statement: CustomerStatement; customer: Customer | undefined }) {
  const { kd, day, digits, t } = usePrintDocument();
  return (
    <>
      <CompanyBlock titleKey="statement" />
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="6">
        <CustomerBlock headingKey="customer" customer={customer} fallbackName={statement.customer.customerName}>
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

      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={t('statementLines')}>
          <Table.Header>
            <Table.Row>
              {TEXT_COLUMNS.map((key) => (
                <Table.ColumnHeader key={key}>
                  <PrintLabel text={key} />
                </Table.ColumnHeader>
              ))}
              {AMOUNT_COLUMNS.map((key) => (
                <Table.ColumnHeader key={key} textAlign="end">
                  <PrintLabel text={key} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <BalanceRow labelKey={OPENING} date={statement.from} fils={statement.openingBalance} />
            {statement.lines.map((line, i) => (
              <Table.Row key={`${line.number}-${i}`}>
                <Table.Cell whiteSpace="nowrap">{day(line.date)}</Table.Cell>
                <Table.Cell>
                  <PrintLabel text={`line.${line.kind}`} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <bdi>{line.number}</bdi>
                </Table.Cell>
                <Table.Cell>{line.description}</Table.Cell>
                {[line.debit, line.credit, line.balance].map((fils, column) => (
                  <Table.Cell key={column} textAlign="end" whiteSpace="nowrap">
                    {/* An empty debit or credit stays blank; the balance always shows. */}
                    {fils || column === 2 ? <bdi>{kd(fils)}</bdi> : null}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            <BalanceRow labelKey={CLOSING} date={statement.to} fils={statement.closingBalance} />
          </Table.Body>
        </Table.Root>
      </Box>
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
      <PrintFooter />
    </>
  );
}

function BalanceRow({
  labelKey,
  date,
  fils,
}: {
  labelKey: typeof OPENING | typeof CLOSING;
  date: string;
  fils: number;
}) {
  const { kd, day } = usePrintDocument();
  return (
    <Table.Row fontWeight="semibold">
      <Table.Cell whiteSpace="nowrap">{day(date)}</Table.Cell>
      <Table.Cell colSpan={5}>
        <PrintLabel text={labelKey} />
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        <bdi>{kd(fils)}</bdi>
      </Table.Cell>
    </Table.Row>
  );
}
