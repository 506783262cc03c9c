import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_TYPES, type Payment } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Button, PlusIcon, notifySuccess } from '@admin/shared/ui';
import {
  Can,
  ConfirmDelete,
  CustomerFilter,
  DateRangeFilter,
  FilterSelect,
  MoneyText,
  ResourcePage,
  useResourceList,
  type Column,
} from '@admin/shared/ui-kit';
import { payments, refreshMoney } from './api';
import { PaymentDialog, type PaymentTab } from './payment-dialog';
import { MODE_OPTIONS, TYPE_LABELS } from './payment-forms';

const FILTERS = ['paymentType', 'paymentMode', 'customer', 'from', 'to'] as const;
const TYPE_OPTIONS = PAYMENT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

const COLUMNS: Column<Payment>[] = [
  { header: 'Payment #', cell: (p) => p.paymentNumber, sort: 'paymentNumber' },
  { header: 'Customer', cell: (p) => p.customer.customerName, sort: 'customer' },
  { header: 'Type', cell: (p) => TYPE_LABELS[p.paymentType], sort: 'paymentType' },
  { header: 'Mode', cell: (p) => p.paymentMode, sort: 'paymentMode' },
  // Refunds are negative: money paid back to the customer.
  { header: 'Amount', numeric: true, sort: 'amount', cell: (p) => <MoneyText fils={p.amount} color={p.amount < 0 ? 'fg.error' : undefined} /> },
  { header: 'Reference', cell: (p) => p.referenceNumber ?? '', sort: 'referenceNumber' },
  { header: 'Date', cell: (p) => formatDay(p.paymentDate), sort: 'paymentDate' },
];

export function PaymentsPage() {
  // Search, filters and page live in the address, so a filtered list survives a reload.
  const { page, search, filters, setPage, setSearch, setFilter, list, pages, controls } = useResourceList(payments, FILTERS, undefined, {
    sort: 'paymentDate',
    order: 'desc',
  });
  const [dialog, setDialog] = useState<PaymentTab | Payment | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const remove = useMutation({
    mutationFn: (payment: Payment) => payments.remove(payment._id, { errorToast: 'Failed to delete payment' }),
    onSuccess: () => {
      notifySuccess('Payment deleted successfully');
      return refreshMoney();
    },
  });

  return (
    <>
      <ResourcePage<Payment>
        title="Payments"
        actions={
          <Can permission="payments.create">
            <Button variant="outline" onClick={() => setDialog('advance')}>
              <PlusIcon /> Add Advance Payment
            </Button>
            <Button onClick={() => setDialog('invoice')}>
              <PlusIcon /> Pay Invoice
            </Button>
          </Can>
        }
        search={{ value: search, onChange: setSearch, placeholder: 'Search payments...' }}
        filters={
          <>
            <FilterSelect label="Payment Type" allLabel="All Types" options={TYPE_OPTIONS} value={filters.paymentType} onChange={(v) => setFilter('paymentType', v)} />
            <FilterSelect label="Payment Mode" allLabel="All Modes" options={MODE_OPTIONS} value={filters.paymentMode} onChange={(v) => setFilter('paymentMode', v)} />
            <CustomerFilter value={filters.customer} onChange={(id) => setFilter('customer', id)} />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
          </>
        }
        columns={COLUMNS}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText="No payments found"
        rowName={(p) => p.paymentNumber}
        onEdit={setDialog}
        onDelete={setDeleting}
        permissions={{ update: 'payments.update', delete: 'payments.delete' }}
        history="payment"
        page={page}
        pages={pages}
        onPageChange={setPage}
        controls={controls}
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
