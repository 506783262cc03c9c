import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_MODES, PAYMENT_TYPES, RESOURCES, type Payment } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
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
import { PAYMENTS_NAMESPACE } from '../i18n';
import { payments } from '../common/payments-api';
import { usePaymentLabels } from '../common/payment-labels';
import { hasReceipt, ReceiptLink } from '../common/receipt-link';
import { PaymentDialog, type PaymentTab } from './payment-dialog';

const FILTERS = ['paymentType', 'paymentMode', 'customer', 'from', 'to'] as const;

/** The list's columns in the active language. */
function usePaymentColumns(): Column<Payment>[] {
  const t = useT(PAYMENTS_NAMESPACE);
  const { typeLabel, modeParts } = usePaymentLabels();
  return [
    { header: t('columns.paymentNumber'), cell: (p) => p.paymentNumber, sort: 'paymentNumber' },
    { header: t('fields.customer'), cell: (p) => p.customer.customerName, sort: 'customer' },
    { header: t('columns.type'), cell: (p) => typeLabel(p.paymentType), sort: 'paymentType' },
    { header: t('columns.mode'), cell: (p) => modeParts(p), sort: 'paymentMode' },
    // Refunds are negative: money paid back to the customer.
    {
      header: t('columns.amount'),
      numeric: true,
      sort: 'amount',
      cell: (p) => <MoneyText fils={p.amount} dir="ltr" color={p.amount < 0 ? 'fg.error' : undefined} />,
    },
    { header: t('columns.reference'), cell: (p) => p.referenceNumber ?? '', sort: 'referenceNumber' },
    { header: t('columns.date'), cell: (p) => formatDay(p.paymentDate), sort: 'paymentDate' },
  ];
}

export function PaymentsPage() {
  const t = useT(PAYMENTS_NAMESPACE);
  const { typeLabel, modeOptions } = usePaymentLabels();
  const columns = usePaymentColumns();
  // Search, filters and page live in the address, so a filtered list survives a reload.
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(payments, FILTERS, undefined, {
    sort: 'paymentDate',
    order: 'desc',
  });
  const [dialog, setDialog] = useState<PaymentTab | Payment | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const remove = useMutation({
    mutationFn: (payment: Payment) => payments.remove(payment._id, { errorToast: t('payments.deleteFailed') }),
    onSuccess: () => notifySuccess(t('payments.deleted')),
    meta: { changes: payments.definition },
  });

  return (
    <>
      <ResourcePage<Payment>
        title={t('payments.title')}
        actions={
          <Can permission="payments.create">
            <Button variant="outline" onClick={() => setDialog('advance')}>
              <PlusIcon /> {t('payments.addAdvance')}
            </Button>
            <Button onClick={() => setDialog('invoice')}>
              <PlusIcon /> {t('payments.payInvoice')}
            </Button>
          </Can>
        }
        search={{ value: search, onChange: setSearch, placeholder: t('payments.searchPlaceholder') }}
        filters={
          <>
            <FilterSelect
              label={t('fields.paymentType')}
              allLabel={t('payments.filters.allTypes')}
              options={PAYMENT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
              value={filters.paymentType}
              onChange={(v) => setFilter('paymentType', v)}
            />
            <FilterSelect
              label={t('fields.paymentMode')}
              allLabel={t('payments.filters.allModes')}
              options={modeOptions(PAYMENT_MODES)}
              value={filters.paymentMode}
              onChange={(v) => setFilter('paymentMode', v)}
            />
            <CustomerFilter value={filters.customer} onChange={(id) => setFilter('customer', id)} />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
          </>
        }
        columns={columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('payments.empty')}
        rowName={(p) => p.paymentNumber}
        rowActions={(p) => hasReceipt(p) && <ReceiptLink payment={p} />}
        onEdit={setDialog}
        onDelete={setDeleting}
        permissions={RESOURCES.payments.permissions}
        history={RESOURCES.payments.auditEntity}
        {...paging}
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
