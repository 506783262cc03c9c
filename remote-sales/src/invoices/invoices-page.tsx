import { useState } from 'react';
import { RESOURCES, type Invoice } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Link } from '@admin/shared/router';
import { HStack, IconButton, PrintIcon, Stack, Text } from '@admin/shared/ui';
import { MoneyText, ResourceScreen, StatusChip } from '@admin/shared/ui-kit';
import { useCustomerFilter } from '../common/customer-filter';
import { InvoiceCorrectionDialog, type CorrectionChoice } from '../common/credit-notes/invoice-correction-dialog';
import {
  InvoiceCorrectionsMenu,
  stillOwes,
  type InvoiceCorrection,
} from '../common/credit-notes/invoice-corrections-menu';
import { IssueCreditNoteDialog } from '../common/credit-notes/issue-credit-note-dialog';
import { SALES_NAMESPACE } from '../i18n';
import { invoices } from './api';
import { invoiceForm, useInvoiceOptions } from '../common/invoice-form/invoice-form';
import { PromiseToPayDialog } from './promise-dialog';

export function InvoicesPage() {
  const t = useT(SALES_NAMESPACE);
  const { statusOptions, paymentTypeOptions } = useInvoiceOptions();
  const customerFilter = useCustomerFilter();
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const [correcting, setCorrecting] = useState<CorrectionChoice | null>(null);
  const [promising, setPromising] = useState<Invoice | null>(null);
  const choose = (invoice: Invoice, correction: InvoiceCorrection) => {
    if (correction === 'credit-note') setCrediting(invoice);
    else if (correction === 'promise') setPromising(invoice);
    else setCorrecting({ invoice, kind: correction });
  };
  return (
    <>
      <ResourceScreen
        resource={invoices}
        title={t('invoices.title')}
        noun={t(RESOURCES.invoices.noun)}
        addLabel={t('invoices.add')}
        searchPlaceholder={t('invoices.searchPlaceholder')}
        emptyText={t('invoices.empty')}
        filters={[
          { name: 'status', label: t('fields.status'), allLabel: t('filters.allStatus'), options: statusOptions },
          {
            name: 'credit',
            label: t('fields.paymentType'),
            allLabel: t('filters.allPaymentTypes'),
            options: paymentTypeOptions,
          },
          customerFilter,
        ]}
        columns={[
          { header: t('columns.invoiceNumber'), cell: (i) => <InvoiceNumber invoice={i} />, sort: 'invoiceNumber' },
          { header: t('columns.manualNumber'), cell: (i) => i.manualInvoiceNumber ?? '', sort: 'manualInvoiceNumber' },
          { header: t('columns.referenceNumber'), cell: (i) => i.referenceNumber ?? '', sort: 'referenceNumber' },
          { header: t('fields.customer'), cell: (i) => i.customer.customerName, sort: 'customer' },
          { header: t('fields.paymentType'), cell: (i) => <PaymentTypeChip invoice={i} />, sort: 'credit' },
          {
            header: t('columns.amount'),
            cell: (i) => <MoneyText fils={i.totalAmount} />,
            numeric: true,
            sort: 'totalAmount',
          },
          {
            header: t('columns.paid'),
            cell: (i) => <MoneyText fils={i.paidAmount} />,
            numeric: true,
            sort: 'paidAmount',
          },
          {
            header: t('columns.remaining'),
            cell: (i) => <MoneyText fils={i.remainingAmount} />,
            numeric: true,
            sort: 'remainingAmount',
          },
          { header: t('fields.status'), cell: (i) => <InvoiceStatus invoice={i} />, sort: 'status' },
          { header: t('columns.dateCreated'), cell: (i) => formatDay(i.dateOfCreation), sort: 'dateOfCreation' },
          { header: t('fields.dueDate'), cell: (i) => formatDay(i.dueDate), sort: 'dueDate' },
        ]}
        defaultSort={{ sort: 'dateOfCreation', order: 'desc' }}
        dateRange
        itemName={(i) => i.invoiceNumber}
        permissions={RESOURCES.invoices.permissions}
        history={RESOURCES.invoices.auditEntity}
        rowActions={(i) => (
          <>
            <IconButton asChild aria-label={t('invoices.print', { number: i.invoiceNumber })} size="xs" variant="ghost">
              <Link to={`${RESOURCES.invoices.page}/${i._id}/print`}>
                <PrintIcon />
              </Link>
            </IconButton>
            <InvoiceCorrectionsMenu invoice={i} onChoose={choose} />
          </>
        )}
        form={invoiceForm}
        idempotentCreate
      />
      <IssueCreditNoteDialog
        open={crediting !== null}
        invoice={crediting ?? undefined}
        onClose={() => setCrediting(null)}
      />
      <InvoiceCorrectionDialog choice={correcting} onClose={() => setCorrecting(null)} />
      <PromiseToPayDialog invoice={promising} onClose={() => setPromising(null)} />
    </>
  );
}

/** The number, and on a debit note the credit note it corrects. */
function InvoiceNumber({ invoice }: { invoice: Invoice }) {
  const t = useT(SALES_NAMESPACE);
  if (!invoice.debitNoteFor) return invoice.invoiceNumber;
  return (
    <Stack gap="1" align="start">
      <bdi>{invoice.invoiceNumber}</bdi>
      <Text fontSize="xs" color="fg.muted">
        {t('invoices.debitNoteMarker', { number: invoice.debitNoteFor.creditNoteNumber })}
      </Text>
    </Stack>
  );
}

function PaymentTypeChip({ invoice }: { invoice: Invoice }) {
  const t = useT(SALES_NAMESPACE);
  return invoice.credit ? (
    <StatusChip status="credit" label={t('paymentType.credit')} colorPalette="blue" />
  ) : (
    <StatusChip status="cash" label={t('paymentType.cash')} colorPalette="teal" />
  );
}

// Something paid and something still owed: an invoice whose rest was credited or written off owes nothing.
const partlyPaid = (invoice: Invoice) => invoice.paidAmount > 0 && invoice.remainingAmount > 0;

/**
 * The invoice's status, marked 'Partly paid' when some of it is paid (the statuses stay the spec's),
 * the post-dated cheques that will pay it (it stays due until they clear), and the customer's
 * promise to pay while it still owes.
 */
function InvoiceStatus({ invoice }: { invoice: Invoice }) {
  const t = useT(SALES_NAMESPACE);
  return (
    <Stack gap="1" align="start">
      <HStack gap="1" wrap="wrap">
        <StatusChip status={invoice.status} />
        {partlyPaid(invoice) && (
          <StatusChip status="partly-paid" label={t('invoices.partlyPaid')} colorPalette="orange" />
        )}
      </HStack>
      {invoice.coveredByCheques?.map((cheque) => (
        <Text key={cheque._id} fontSize="xs" color="fg.muted">
          {t('invoices.coveredByCheque', { cheque: cheque.chequeNumber, date: formatDay(cheque.chequeDate) })}
        </Text>
      ))}
      {invoice.promise && stillOwes(invoice) && (
        <Text fontSize="xs" color="fg.muted" title={invoice.promise.note ?? undefined}>
          {t('invoices.promised', { date: formatDay(invoice.promise.date) })}
        </Text>
      )}
    </Stack>
  );
}
