import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '@admin/shared/api';
import type { CollectionEntry, CollectionLine, CollectionsReport, CountedAmount } from '@admin/shared/contract';
import { businessToday, formatDay, toDay, type Day } from '@admin/shared/dates';
import { useLanguage, useT } from '@admin/shared/i18n';
import { fils, type Fils } from '@admin/shared/money';
import { useSearchParams } from '@admin/shared/router';
import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@admin/shared/ui';
import {
  DataTable,
  DateRangeFilter,
  downloadCsv,
  FigureBox,
  FilterSelect,
  PrintedDocument,
  usePrintDocument,
  useScreenPrintText,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { usePaymentLabels } from '../common/payment-labels';
import { collectionsPath, collectionsQuery, collectionStaffQuery, type CollectionsParams } from './api';

const CHOICES = ['from', 'to', 'user'] as const;

/**
 * The daily cash-up: for a period (default today) and one staff user or all, the money in by mode,
 * what was refunded, taken back by the bank, used from the advance or received as post-dated
 * cheques, and every entry those figures sum; printable, and downloadable as CSV.
 */
export function CollectionsPage() {
  const t = useT(PAYMENTS_NAMESPACE);
  const printText = useScreenPrintText();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const chosen: CollectionsParams = Object.fromEntries(
    CHOICES.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const report = useQuery(collectionsQuery(chosen));
  const staff = useQuery(collectionStaffQuery());
  const choose = (name: (typeof CHOICES)[number], value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  // What the boxes show until the report says which days it is of: the API's defaults.
  const today = businessToday();
  const shown = {
    to: chosen.to ?? (report.data ? toDay(report.data.to) : today),
    from: chosen.from ?? (report.data ? toDay(report.data.from) : (chosen.to ?? today)),
  };

  return (
    <PrintedDocument
      query={report}
      errorText={apiErrorMessage(report.error, t('collections.failed'))}
      language={language}
      titleKey="collections"
      sheetLabel={(data) => ({ key: 'collectionsSheet', values: { period: periodText(data) } })}
      actions={
        // The API client shows a failed download's message itself.
        <Button
          size="sm"
          variant="outline"
          disabled={!report.data}
          onClick={() => downloadCsv(collectionsPath, chosen).catch(() => {})}
        >
          {printText('downloadCsv')}
        </Button>
      }
      toolbar={
        <Flex gap="3" wrap="wrap" align="center">
          <DateRangeFilter from={shown.from} to={shown.to} onChange={choose} />
          <FilterSelect
            label={t('collections.recordedBy')}
            allLabel={t('collections.allStaff')}
            options={(staff.data ?? []).map((user) => ({
              value: user._id,
              label: user.active ? user.name : t('collections.inactive', { name: user.name }),
            }))}
            value={chosen.user ?? ''}
            onChange={(user) => choose('user', user)}
          />
        </Flex>
      }
    >
      {(data) => <CollectionsSheet report={data} />}
    </PrintedDocument>
  );
}

/** '21/11/2026', or '01/11/2026 – 21/11/2026' for a period of several days. */
function periodText(report: Pick<CollectionsReport, 'from' | 'to'>, day: (value: Day) => string = formatDay): string {
  return report.from === report.to ? day(report.from) : `${day(report.from)} – ${day(report.to)}`;
}

const LINE_KEYS: Record<CollectionLine, string> = {
  Cash: 'paymentMode.cash',
  Knet: 'paymentMode.knet',
  'Bank Transfer': 'paymentMode.bankTransfer',
  'Credit Card': 'paymentMode.creditCard',
  Check: 'paymentMode.check',
  'Cheque cleared': 'collections.line.chequeCleared',
};

const KIND_KEYS: Record<CollectionEntry['kind'], string> = {
  advance: 'paymentType.advance',
  invoice_payment: 'paymentType.invoicePayment',
  refund: 'paymentType.refund',
  reversal: 'collections.kind.reversal',
  pdc: 'collections.kind.pdc',
};

/** A row of the money-in table: a line, or the total of them all. */
interface LineRow {
  label: string;
  count: number;
  amount: Fils;
  refunded: Fils;
  net: Fils;
  total?: boolean;
}

function CollectionsSheet({ report }: { report: CollectionsReport }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { kd, day, digits } = usePrintDocument();
  const { modeParts } = usePaymentLabels();
  // Amounts read left to right in Arabic too, as everywhere.
  const money = (amount: Fils) => <bdi dir="ltr">{kd(amount)}</bdi>;
  const counted = ({ count, amount }: CountedAmount) => (
    <>
      {money(amount)}
      <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
        {t('collections.count', { count: digits(count) })}
      </Text>
    </>
  );

  const lineRows: LineRow[] = [
    ...report.lines.map((line) => ({ ...line, label: t(LINE_KEYS[line.line]) })),
    {
      label: t('breakdown.total'),
      count: report.lines.reduce((sum, line) => sum + line.count, 0),
      amount: report.moneyIn,
      refunded: report.refunds.amount,
      net: fils(report.moneyIn - report.refunds.amount),
      total: true,
    },
  ];
  const lineColumns: Column<LineRow>[] = [
    { header: t('columns.mode'), cell: (row) => row.label },
    { header: t('collections.columns.payments'), numeric: true, cell: (row) => digits(row.count) },
    { header: t('collections.columns.received'), numeric: true, nowrap: true, cell: (row) => money(row.amount) },
    { header: t('collections.columns.refunded'), numeric: true, nowrap: true, cell: (row) => money(row.refunded) },
    { header: t('collections.columns.net'), numeric: true, nowrap: true, cell: (row) => money(row.net) },
  ];

  const entryColumns: Column<CollectionEntry>[] = [
    { header: t('columns.date'), nowrap: true, cell: (entry) => <bdi>{day(entry.date)}</bdi> },
    { header: t('collections.columns.number'), nowrap: true, cell: (entry) => <bdi>{entry.number}</bdi> },
    { header: t('fields.customer'), cell: (entry) => entry.customer.customerName },
    {
      header: t('columns.type'),
      cell: (entry) => (
        <>
          {t(KIND_KEYS[entry.kind])}
          {entry.chequeDate && (
            <Text fontSize="xs" color="fg.muted">
              {t('collections.pdcDue', { date: day(entry.chequeDate) })}
            </Text>
          )}
        </>
      ),
    },
    {
      header: t('columns.mode'),
      cell: (entry) => (entry.line === 'Cheque cleared' ? t(LINE_KEYS[entry.line]) : modeParts(entry)),
    },
    { header: t('columns.amount'), numeric: true, nowrap: true, cell: (entry) => money(entry.amount) },
    { header: t('collections.columns.moneyIn'), numeric: true, nowrap: true, cell: (entry) => money(entry.moneyIn) },
    // A report of one user's names them once, above.
    ...(report.user
      ? []
      : [
          {
            header: t('collections.columns.recordedBy'),
            cell: (entry: CollectionEntry) => entry.recordedBy?.name ?? '—',
          },
        ]),
  ];

  return (
    <>
      <Flex justify="space-between" gap="6" wrap="wrap" mb="6">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {t('collections.period')}
          </Text>
          <Text fontWeight="medium">
            <bdi>{periodText(report, day)}</bdi>
          </Text>
        </Box>
        <Box textAlign="end">
          <Text fontSize="sm" color="fg.muted">
            {t('collections.recordedBy')}
          </Text>
          <Text fontWeight="medium">{report.user?.name ?? t('collections.allStaff')}</Text>
        </Box>
      </Flex>

      <Heading as="h3" size="md" mb="2">
        {t('collections.moneyInByMode')}
      </Heading>
      <DataTable
        label={t('collections.moneyInByMode')}
        columns={lineColumns}
        rows={lineRows}
        strong={(row) => !!row.total}
        frame="region"
      />

      <SimpleGrid role="group" aria-label={t('collections.figures')} columns={{ base: 1, sm: 2, md: 3 }} gap="3" my="6">
        {(
          [
            [t('collections.moneyIn'), money(report.moneyIn)],
            [t('collections.refunds'), counted(report.refunds)],
            [t('collections.bounces'), counted(report.bounces)],
            [t('collections.netCollected'), money(report.netCollected)],
            [t('collections.advanceUsed'), counted(report.advanceUsed)],
            [t('collections.pdcsReceived'), counted(report.pdcsReceived)],
          ] as const
        ).map(([label, value]) => (
          <FigureBox key={label} label={label}>
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {value}
            </Text>
          </FigureBox>
        ))}
      </SimpleGrid>

      <Heading as="h3" size="md" mb="2">
        {t('collections.entries')}
      </Heading>
      <DataTable
        label={t('collections.entriesTable')}
        columns={entryColumns}
        rows={report.entries}
        rowKey={(entry) => entry._id}
        emptyText={t('collections.noEntries')}
        frame="region"
      />
      {report.entryCount > report.entries.length && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {t('collections.firstEntries', { shown: digits(report.entries.length), count: digits(report.entryCount) })}
        </Text>
      )}
    </>
  );
}
