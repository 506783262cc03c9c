import type { Invoice } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Link } from '@admin/shared/router';
import { IconButton, PrintIcon } from '@admin/shared/ui';
import { MoneyText, ResourceScreen, StatusChip } from '@admin/shared/ui-kit';
import { CUSTOMER_FILTER } from '../customer/customer-filter';
import { INVOICE_DEPENDENTS } from '../related-keys';
import { invoices } from './api';
import { INVOICE_STATUS_OPTIONS, invoiceForm, PAYMENT_TYPE_OPTIONS } from './invoice-form';

export function InvoicesPage() {
  return (
    <ResourceScreen
      resource={invoices}
      title="Invoices"
      noun="Invoice"
      addLabel="Add Invoice"
      searchPlaceholder="Search invoices..."
      emptyText="No invoices found"
      filters={[
        { name: 'status', label: 'Status', allLabel: 'All Status', options: INVOICE_STATUS_OPTIONS },
        { name: 'credit', label: 'Payment Type', allLabel: 'All Payment Types', options: PAYMENT_TYPE_OPTIONS },
        CUSTOMER_FILTER,
      ]}
      columns={[
        { header: 'Invoice #', cell: (i) => i.invoiceNumber, sort: 'invoiceNumber' },
        { header: 'Manual #', cell: (i) => i.manualInvoiceNumber ?? '', sort: 'manualInvoiceNumber' },
        { header: 'Reference #', cell: (i) => i.referenceNumber ?? '', sort: 'referenceNumber' },
        { header: 'Customer', cell: (i) => i.customer.customerName, sort: 'customer' },
        { header: 'Payment Type', cell: paymentTypeChip, sort: 'credit' },
        { header: 'Amount', cell: (i) => <MoneyText fils={i.totalAmount} />, numeric: true, sort: 'totalAmount' },
        { header: 'Status', cell: (i) => <StatusChip status={i.status} />, sort: 'status' },
        { header: 'Date Created', cell: (i) => formatDay(i.dateOfCreation), sort: 'dateOfCreation' },
        { header: 'Due Date', cell: (i) => formatDay(i.dueDate) },
      ]}
      defaultSort={{ sort: 'dateOfCreation', order: 'desc' }}
      dateRange
      itemName={(i) => i.invoiceNumber}
      permissions={{ create: 'invoices.create', update: 'invoices.update', delete: 'invoices.delete' }}
      history="invoice"
      rowActions={(i) => (
        <IconButton asChild aria-label={`Print ${i.invoiceNumber}`} size="xs" variant="ghost">
          <Link to={`/invoices/${i._id}/print`}>
            <PrintIcon />
          </Link>
        </IconButton>
      )}
      form={invoiceForm}
      invalidates={INVOICE_DEPENDENTS}
      idempotentCreate
    />
  );
}

function paymentTypeChip(invoice: Invoice) {
  return invoice.credit ? (
    <StatusChip status="credit" label="Credit" colorPalette="blue" />
  ) : (
    <StatusChip status="cash" label="Cash" colorPalette="teal" />
  );
}
