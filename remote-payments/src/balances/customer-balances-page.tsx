import { useState } from 'react';
import type { CustomerBalanceRow } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { sumFils, type Fils } from '@admin/shared/money';
import { Box, Button, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CustomerNameCell,
  MoneyText,
  ResourcePage,
  StatusChip,
  useResourceList,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { usePaymentLabels } from '../common/payment-labels';
import { customerBalances } from './api';
import { BalanceDetailsDialog } from './balance-details-dialog';
import { CustomerStatusFilter } from '../common/customer-status-filter';
import { NetBalanceChip } from './net-balance-chip';

const FILTERS = ['status'] as const;

/** The list's columns in the active language. */
function useBalanceColumns(): Column<CustomerBalanceRow>[] {
  const t = useT(PAYMENTS_NAMESPACE);
  const { customerStatusLabel } = usePaymentLabels();
  return [
    {
      header: t('fields.customer'),
      sort: 'customerName',
      cell: (c) => <CustomerNameCell customer={c} />,
    },
    {
      header: t('columns.status'),
      cell: (c) => <StatusChip status={c.status} label={customerStatusLabel(c.status)} />,
      sort: 'status',
    },
    {
      header: t('balances.advanceBalance'),
      numeric: true,
      cell: (c) => <MoneyText fils={c.advanceBalance} dir="ltr" />,
    },
    { header: t('balances.totalDue'), numeric: true, cell: (c) => <MoneyText fils={c.totalDue} dir="ltr" /> },
    { header: t('balances.netBalance'), numeric: true, cell: (c) => <NetBalanceChip fils={c.netBalance} /> },
    { header: t('balances.lastPayment'), cell: (c) => (c.lastPaymentDate ? formatDay(c.lastPaymentDate) : '—') },
  ];
}

export function CustomerBalancesPage() {
  const t = useT(PAYMENTS_NAMESPACE);
  const columns = useBalanceColumns();
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(customerBalances, FILTERS);
  const [details, setDetails] = useState<CustomerBalanceRow | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <>
      <ResourcePage<CustomerBalanceRow>
        title={t('balances.title')}
        banner={
          // Summed over the customers on this page.
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
            <SummaryCard label={t('balances.totalAdvanceBalance')} fils={sumFils(rows.map((r) => r.advanceBalance))} />
            <SummaryCard label={t('balances.totalOutstanding')} fils={sumFils(rows.map((r) => r.totalDue))} />
            <SummaryCard label={t('balances.netBalance')} fils={sumFils(rows.map((r) => r.netBalance))} signed />
          </SimpleGrid>
        }
        search={{ value: search, onChange: setSearch, placeholder: t('balances.searchPlaceholder') }}
        filters={<CustomerStatusFilter value={filters.status} onChange={(v) => setFilter('status', v)} />}
        columns={columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('balances.empty')}
        rowActions={(c) => (
          <Button
            size="xs"
            variant="ghost"
            aria-label={t('balances.detailsFor', { customer: c.customerName })}
            onClick={() => setDetails(c)}
          >
            {t('balances.details')}
          </Button>
        )}
        {...paging}
      />
      <BalanceDetailsDialog customer={details} onClose={() => setDetails(null)} />
    </>
  );
}

function SummaryCard({ label, fils, signed = false }: { label: string; fils: Fils; signed?: boolean }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" rounded="md" p="4" bg="bg">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text
        fontSize="2xl"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        color={signed ? (fils >= 0 ? 'green.600' : 'red.600') : undefined}
      >
        <MoneyText fils={fils} dir="ltr" />
      </Text>
    </Box>
  );
}
