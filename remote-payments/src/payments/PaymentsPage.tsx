import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_LIMIT, PAYMENT_TYPES, type Payment } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Button, PlusIcon, notifySuccess } from '@admin/shared/ui';
import {
  ConfirmDelete,
  CustomerPicker,
  FilterSelect,
  MoneyText,
  ResourcePage,
  useDebounced,
  useListParams,
  type Column,
} from '@admin/shared/ui-kit';
import { payments, refreshMoney } from './api';
import { PaymentDialog, type PaymentTab } from './payment-dialog';
import { MODE_OPTIONS, TYPE_LABELS } from './payment-forms';

const FILTERS = ['paymentType', 'paymentMode', 'customer'] as const;
const TYPE_OPTIONS = PAYMENT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

const COLUMNS: Column<Payment>[] = [
  { header: 'Payment #', cell: (p) => p.paymentNumber },
  { header: 'Customer', cell: (p) => p.customer.customerName },
  { header: 'Type', cell: (p) => TYPE_LABELS[p.paymentType] },
  { header: 'Mode', cell: (p) => p.paymentMode },
  // Refunds are negative: money paid back to the customer.
  { header: 'Amount', numeric: true, cell: (p) => <MoneyText fils={p.amount} color={p.amount < 0 ? 'fg.error' : undefined} /> },
  { header: 'Reference', cell: (p) => p.referenceNumber ?? '' },
  { header: 'Date', cell: (p) => formatDay(p.paymentDate) },
];

export function PaymentsPage() {
  // Search, filters and page live in the address, so a filtered list survives a reload.
  const { page, search, filters, setPage, setSearch, setFilter } = useListParams(FILTERS);
  const [dialog, setDialog] = useState<PaymentTab | Payment | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const list = useQuery({
    ...payments.listQuery({ page, limit: DEFAULT_PAGE_LIMIT, search: useDebounced(search).trim(), ...filters }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (payment: Payment) => payments.remove(payment._id, { errorToast: 'Failed to delete payment' }),
    onSuccess: () => {
      notifySuccess('Payment deleted successfully');
      return refreshMoney();
    },
  });

  // After a delete empties the last page (or an old link names a page past the end), show the last page.
  const pages = list.data?.pagination.pages ?? 1;
  const pastEnd = list.isSuccess && !list.isFetching && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);

  return (
    <>
      <ResourcePage<Payment>
        title="Payments"
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog('advance')}>
              <PlusIcon /> Add Advance Payment
            </Button>
            <Button onClick={() => setDialog('invoice')}>
              <PlusIcon /> Pay Invoice
            </Button>
          </>
        }
        search={{ value: search, onChange: setSearch, placeholder: 'Search payments...' }}
        filters={
          <>
            <FilterSelect label="Payment Type" allLabel="All Types" options={TYPE_OPTIONS} value={filters.paymentType} onChange={(v) => setFilter('paymentType', v)} />
            <FilterSelect label="Payment Mode" allLabel="All Modes" options={MODE_OPTIONS} value={filters.paymentMode} onChange={(v) => setFilter('paymentMode', v)} />
            <CustomerPicker
              aria-label="Customer"
              placeholder="All Customers"
              clearable
              minW="220px"
              maxW="xs"
              value={filters.customer}
              onChange={(customer) => setFilter('customer', customer?._id ?? '')}
            />
          </>
        }
        columns={COLUMNS}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText="No payments found"
        rowName={(p) => p.paymentNumber}
        onEdit={setDialog}
        onDelete={setDeleting}
        page={page}
        pages={pages}
        onPageChange={setPage}
      />
      <PaymentDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDelete
        name={deleting?.paymentNumber ?? null}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
