import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, Center, Spinner, Text } from '@admin/shared/ui';
import { DataTable, type Column } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { payableInvoicesQuery, type PayableInvoice } from './payments-api';

export interface PayableInvoicesTableProps {
  customer: string;
  /** The heading above the table and the table's accessible name. */
  heading: string;
  tableLabel: string;
  /** The first column: a box to tick each invoice. */
  tick: {
    header: string;
    label: (invoice: PayableInvoice) => string;
    ticked: (invoice: PayableInvoice) => boolean;
    onChange: (invoice: PayableInvoice, ticked: boolean) => void;
  };
  /** The columns after the invoice's number and date, e.g. what remains and the amount to pay. */
  columns: Column<PayableInvoice>[];
}

/**
 * The customer's invoices that can still be paid, to tick: where a payment or a cheque says which
 * invoices it is for. Says so while they load and when there are none.
 */
export function PayableInvoicesTable({ customer, heading, tableLabel, tick, columns }: PayableInvoicesTableProps) {
  const t = useT(PAYMENTS_NAMESPACE);
  const invoices = useQuery(payableInvoicesQuery(customer));
  const allColumns: Column<PayableInvoice>[] = [
    {
      header: tick.header,
      cell: (invoice) => (
        <input
          type="checkbox"
          aria-label={tick.label(invoice)}
          checked={tick.ticked(invoice)}
          onChange={(e) => tick.onChange(invoice, e.target.checked)}
        />
      ),
    },
    { header: t('invoicePayment.columns.invoiceNumber'), cell: (invoice) => <bdi>{invoice.invoiceNumber}</bdi> },
    { header: t('columns.date'), cell: (invoice) => <bdi>{formatDay(invoice.dateOfCreation)}</bdi> },
    ...columns,
  ];
  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        {heading}
      </Text>
      {invoices.isPending ? (
        <Center py="4">
          <Spinner aria-label={t('invoicePayment.loadingInvoices')} />
        </Center>
      ) : !invoices.data?.length ? (
        <Text color="fg.muted">{t('invoicePayment.noUnpaidInvoices')}</Text>
      ) : (
        <DataTable
          label={tableLabel}
          columns={allColumns}
          rows={invoices.data}
          rowKey={(invoice) => invoice._id}
          frame="box"
          // On a phone each invoice is a card, its amount box on screen rather than past a sideways scroll.
          list
        />
      )}
    </Box>
  );
}
