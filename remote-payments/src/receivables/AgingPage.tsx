import { useQuery } from '@tanstack/react-query';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, statementPagePath, type AgingFigures, type AgingReport, type AgingRow } from '@admin/shared/contract';
import { businessToday, isDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { Link } from '@admin/shared/router';
import { Box, Button, HStack, SimpleGrid, Text } from '@admin/shared/ui';
import { DateInput, FilterSelect, MoneyText, ResourcePage, useResourceList, type Column } from '@admin/shared/ui-kit';
import { agingReport, customerChoicesQuery } from './api';


const FILTERS = ['asOf', 'status', 'kind', 'city'] as const;
const STATUS_OPTIONS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

const COLUMNS: Column<AgingRow>[] = [
  {
    header: 'Customer',
    sort: 'customerName',
    cell: (row) => (
      <>
        <Text fontWeight="medium">{row.customer.customerName}</Text>
        {row.customer.customerAlternateName && (
          <Text fontSize="sm" color="fg.muted">
            {row.customer.customerAlternateName}
          </Text>
        )}
      </>
    ),
  },
  ...AGING_BUCKETS.map((bucket) => ({ header: AGING_BUCKET_LABELS[bucket], sort: bucket, numeric: true, cell: (row: AgingRow) => <MoneyText fils={row[bucket]} /> })),
  { header: 'Total', sort: 'total', numeric: true, cell: (row) => <MoneyText fils={row.total} /> },
];

/**
 * What customers owe by how late it is, as of a day (default today): one row per customer with
 * something due, the totals of every customer the filters match, sortable by any bucket, CSV of all.
 */
export function AgingPage() {
  const { page, search, filters, setPage, setSearch, setFilter, list, pages, controls } = useResourceList(agingReport, FILTERS, undefined, {
    sort: 'total',
    order: 'desc',
  });
  const kinds = useQuery(customerChoicesQuery('kinds'));
  const cities = useQuery(customerChoicesQuery('cities'));
  const report = list.data as AgingReport | undefined;
  const asOf = filters.asOf || businessToday();

  return (
    <ResourcePage<AgingRow>
      title="Receivables Aging"
      banner={
        <Box mb="4">
          <HStack gap="2" mb="3">
            <Text asChild fontSize="sm" color="fg.muted">
              <label htmlFor="aging-as-of">As of</label>
            </Text>
            <DateInput
              id="aging-as-of"
              width="9.5rem"
              value={filters.asOf || businessToday()}
              onChange={(day) => {
                if (isDay(day)) setFilter('asOf', day === businessToday() ? '' : day);
              }}
            />
          </HStack>
          <Totals figures={report?.totals} />
        </Box>
      }
      search={{ value: search, onChange: setSearch, placeholder: 'Search customers...' }}
      filters={
        <>
          <FilterSelect label="Status" allLabel="All Status" options={STATUS_OPTIONS} value={filters.status} onChange={(v) => setFilter('status', v)} />
          <FilterSelect label="Customer Kind" allLabel="All Kinds" options={kinds.data ?? []} value={filters.kind} onChange={(v) => setFilter('kind', v)} />
          <FilterSelect label="Customer City" allLabel="All Cities" options={cities.data ?? []} value={filters.city} onChange={(v) => setFilter('city', v)} />
        </>
      }
      columns={COLUMNS}
      rows={report?.data}
      rowKey={(row) => row.customer._id}
      loading={list.isPending}
      emptyText="Nothing is due"
      rowActions={(row) => (
        <Button asChild size="xs" variant="ghost" aria-label={`Statement ${row.customer.customerName}`}>
          <Link to={statementPagePath(row.customer._id, { to: asOf })}>Statement</Link>
        </Button>
      )}
      page={page}
      pages={pages}
      onPageChange={setPage}
      controls={controls}
    />
  );
}

/** The totals row of the whole filtered set (every page), one figure per bucket. */
function Totals({ figures }: { figures: AgingFigures | undefined }) {
  const items: [string, number | undefined][] = [...AGING_BUCKETS.map((b) => [AGING_BUCKET_LABELS[b], figures?.[b]] as [string, number | undefined]), ['Total', figures?.total]];
  return (
    <SimpleGrid as="dl" aria-label="Totals of all matching customers" columns={{ base: 2, sm: 3, lg: 6 }} gap="3">
      {items.map(([label, fils]) => (
        <Box key={label} borderWidth="1px" rounded="md" p="3" bg="bg">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {fils === undefined ? '—' : formatKd(fils)}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
