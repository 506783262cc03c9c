import { useQuery } from '@tanstack/react-query';
import {
  AGING_BUCKETS,
  statementPagePath,
  type AgingBucket,
  type AgingExposure,
  type AgingFigures,
  type AgingReport,
  type AgingRow,
} from '@admin/shared/contract';
import { businessToday } from '@admin/shared/dates';
import type { Fils } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Link } from '@admin/shared/router';
import { Box, Button, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CreditFacts,
  CustomerNameCell,
  DayFilter,
  FilterSelect,
  MoneyText,
  ResourcePage,
  useResourceList,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { CustomerStatusFilter } from '../common/customer-status-filter';
import { agingReport, customerChoicesQuery } from './api';

const FILTERS = ['asOf', 'status', 'kind', 'city'] as const;

/** Each bucket's heading: Current, 1–30 days … Over 90 days. */
const BUCKET_KEYS: Record<AgingBucket, string> = {
  current: 'aging.buckets.current',
  days1to30: 'aging.buckets.days1to30',
  days31to60: 'aging.buckets.days31to60',
  days61to90: 'aging.buckets.days61to90',
  over90: 'aging.buckets.over90',
};

/** The report's columns in the active language. */
function useAgingColumns(): Column<AgingRow>[] {
  const t = useT(PAYMENTS_NAMESPACE);
  return [
    {
      header: t('fields.customer'),
      sort: 'customerName',
      cell: (row) => <CustomerNameCell customer={row.customer} />,
    },
    ...AGING_BUCKETS.map((bucket) => ({
      header: t(BUCKET_KEYS[bucket]),
      sort: bucket,
      numeric: true,
      cell: (row: AgingRow) => <MoneyText fils={row[bucket]} dir="ltr" />,
    })),
    {
      header: t('breakdown.total'),
      sort: 'total',
      numeric: true,
      cell: (row) => <MoneyText fils={row.total} dir="ltr" />,
    },
    {
      header: t('aging.pdcsInHand'),
      numeric: true,
      cell: (row) => <MoneyText fils={row.pdcsInHand} dir="ltr" />,
    },
    {
      header: t('aging.netExposure'),
      numeric: true,
      cell: (row) => <MoneyText fils={row.netExposure} dir="ltr" />,
    },
    {
      header: t('aging.credit'),
      cell: (row) => <CreditFacts position={row.credit} compact />,
    },
  ];
}

/**
 * What customers owe by how late it is, as of a day (default today): one row per customer with
 * something due, the totals of every customer the filters match, sortable by any bucket, CSV of all.
 */
export function AgingPage() {
  const t = useT(PAYMENTS_NAMESPACE);
  const columns = useAgingColumns();
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(agingReport, FILTERS, undefined, {
    sort: 'total',
    order: 'desc',
  });
  const kinds = useQuery(customerChoicesQuery('kinds'));
  const cities = useQuery(customerChoicesQuery('cities'));
  const report = list.data as AgingReport | undefined;
  const asOf = filters.asOf || businessToday();

  return (
    <ResourcePage<AgingRow>
      title={t('aging.title')}
      banner={
        <Box mb="4">
          <Box mb="3">
            <DayFilter
              id="aging-as-of"
              label={t('aging.asOf')}
              value={filters.asOf || businessToday()}
              onChange={(day) => setFilter('asOf', day === businessToday() ? '' : day)}
            />
          </Box>
          <Totals figures={report?.totals} />
        </Box>
      }
      search={{ value: search, onChange: setSearch, placeholder: t('balances.searchPlaceholder') }}
      filters={
        <>
          <CustomerStatusFilter value={filters.status} onChange={(v) => setFilter('status', v)} />
          <FilterSelect
            label={t('aging.filters.kind')}
            allLabel={t('aging.filters.allKinds')}
            options={kinds.data ?? []}
            value={filters.kind}
            onChange={(v) => setFilter('kind', v)}
          />
          <FilterSelect
            label={t('aging.filters.city')}
            allLabel={t('aging.filters.allCities')}
            options={cities.data ?? []}
            value={filters.city}
            onChange={(v) => setFilter('city', v)}
          />
        </>
      }
      columns={columns}
      rows={report?.data}
      rowKey={(row) => row.customer._id}
      loading={list.isPending}
      emptyText={t('aging.empty')}
      rowActions={(row) => (
        <Button
          asChild
          size="xs"
          variant="ghost"
          aria-label={t('aging.statementFor', { customer: row.customer.customerName })}
        >
          <Link to={statementPagePath(row.customer._id, { to: asOf })}>{t('details.statement')}</Link>
        </Button>
      )}
      {...paging}
    />
  );
}

/** The totals row of the whole filtered set (every page): one figure per bucket, then what PDCs cover. */
function Totals({ figures }: { figures: (AgingFigures & AgingExposure) | undefined }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const items: [string, Fils | undefined][] = [
    ...AGING_BUCKETS.map((b) => [t(BUCKET_KEYS[b]), figures?.[b]] as [string, Fils | undefined]),
    [t('breakdown.total'), figures?.total],
    [t('aging.pdcsInHand'), figures?.pdcsInHand],
    [t('aging.netExposure'), figures?.netExposure],
  ];
  return (
    <SimpleGrid as="dl" aria-label={t('aging.totalsLabel')} columns={{ base: 2, sm: 4, lg: 8 }} gap="3">
      {items.map(([label, fils]) => (
        <Box key={label} borderWidth="1px" rounded="md" p="3" bg="bg">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {fils === undefined ? '—' : <MoneyText fils={fils} dir="ltr" />}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
