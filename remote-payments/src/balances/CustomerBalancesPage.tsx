import { useState } from 'react';
import type { CustomerBalanceRow } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { formatKd, sumFils } from '@admin/shared/money';
import { Box, Button, SimpleGrid, Text } from '@admin/shared/ui';
import { FilterSelect, ResourcePage, StatusChip, useResourceList, type Column } from '@admin/shared/ui-kit';
import { customerBalances } from './api';
import { BalanceDetailsDialog } from './balance-details-dialog';
import { NetBalanceChip } from './net-balance-chip';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

const COLUMNS: Column<CustomerBalanceRow>[] = [
  {
    header: 'Customer',
    sort: 'customerName',
    cell: (c) => (
      <>
        <Text fontWeight="medium">{c.customerName}</Text>
        {c.customerAlternateName && (
          <Text fontSize="sm" color="fg.muted">
            {c.customerAlternateName}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Status', cell: (c) => <StatusChip status={c.status} />, sort: 'status' },
  { header: 'Advance Balance', numeric: true, cell: (c) => formatKd(c.advanceBalance) },
  { header: 'Total Due', numeric: true, cell: (c) => formatKd(c.totalDue) },
  { header: 'Net Balance', numeric: true, cell: (c) => <NetBalanceChip fils={c.netBalance} /> },
  { header: 'Last Payment', cell: (c) => (c.lastPaymentDate ? formatDay(c.lastPaymentDate) : '—') },
];

export function CustomerBalancesPage() {
  const { page, search, filters, setPage, setSearch, setFilter, list, pages, controls } = useResourceList(customerBalances, FILTERS);
  const [details, setDetails] = useState<CustomerBalanceRow | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <>
      <ResourcePage<CustomerBalanceRow>
        title="Customer Balances"
        banner={
          // Summed over the customers on this page.
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
            <SummaryCard label="Total Advance Balance" fils={sumFils(rows.map((r) => r.advanceBalance))} />
            <SummaryCard label="Total Outstanding" fils={sumFils(rows.map((r) => r.totalDue))} />
            <SummaryCard label="Net Balance" fils={sumFils(rows.map((r) => r.netBalance))} signed />
          </SimpleGrid>
        }
        search={{ value: search, onChange: setSearch, placeholder: 'Search customers...' }}
        filters={<FilterSelect label="Status" allLabel="All Status" options={STATUS_OPTIONS} value={filters.status} onChange={(v) => setFilter('status', v)} />}
        columns={COLUMNS}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText="No customers found"
        rowActions={(c) => (
          <Button size="xs" variant="ghost" aria-label={`Details ${c.customerName}`} onClick={() => setDetails(c)}>
            Details
          </Button>
        )}
        page={page}
        pages={pages}
        onPageChange={setPage}
        controls={controls}
      />
      <BalanceDetailsDialog customer={details} onClose={() => setDetails(null)} />
    </>
  );
}

function SummaryCard({ label, fils, signed = false }: { label: string; fils: number; signed?: boolean }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" rounded="md" p="4" bg="bg">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={signed ? (fils >= 0 ? 'green.600' : 'red.600') : undefined}>
        {formatKd(fils)}
      </Text>
    </Box>
  );
}
