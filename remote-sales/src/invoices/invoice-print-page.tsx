import { useQuery } from '@tanstack/react-query';
import {
  DocumentSendFormSchema,
  invoiceAmounts,
  RESOURCES,
  type CreditNote,
  type Invoice,
  type InvoiceSettlement,
} from '@admin/shared/contract';
import { fils, type Fils } from '@admin/shared/money';
import { useParams } from '@admin/shared/router';
import { Box, Flex, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CustomerBlock,
  DataTable,
  PrintAmountInWords,
  PrintedDocument,
  PrintFacts,
  PrintLabel,
  PrintNotes,
  useScreenPrintText,
  usePrintDocument,
  type Column,
  type PrintFact,
  type PrintTextKey,
} from '@admin/shared/ui-kit';
import { invoiceCreditNotesQuery } from '../common/credit-notes/api';
import { invoicePaymentsQuery, invoiceQuery } from './api';

/**
 * An invoice laid out for paper: the company, number, customer, dates, lines, total, paid and
 * remaining, and the footer; in the customer's preferred language unless another is chosen.
 */
export function InvoicePrintPage() {
  const t = useScreenPrintText();
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  return (
    <PrintedDocument
      query={invoice}
      back={{ to: RESOURCES.invoices.page, label: t('backToInvoices') }}
      errorText={t('invoiceFailed')}
      customerId={invoice.data?.customer._id}
      titleKey={invoice.data?.debitNoteFor ? 'debitNote' : 'invoice'}
      share={{ path: `${RESOURCES.invoices.path}/${id}/link` }}
      send={{ path: `${RESOURCES.invoices.path}/${id}/send`, schema: DocumentSendFormSchema }}
      sheetLabel={(record) => ({ key: 'invoiceSheet', values: { number: record.invoiceNumber } })}
    >
      {(record) => <InvoiceSheet invoice={record} />}
    </PrintedDocument>
  );
}

type InvoiceLine = Invoice['products'][number];

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { kd, day, digits, t } = usePrintDocument();
  const details: PrintFact[] = [
    ['invoiceNumber', invoice.invoiceNumber],
    ['date', day(invoice.dateOfCreation)],
    ['dueDate', day(invoice.dueDate)],
    // Worded values in the document's language; bilingual, in both ('Credit / آجل').
    ['paymentType', <PrintLabel text={invoice.credit ? 'credit' : 'cash'} inline />],
    ['status', <PrintLabel text={`status.${invoice.status}`} inline />],
  ];
  if (invoice.referenceNumber) details.push(['referenceNumber', invoice.referenceNumber]);
  if (invoice.debitNoteFor) details.push(['correctsCreditNote', invoice.debitNoteFor.creditNoteNumber]);
  // What the customer promised: the accounts' record, on the copy they print for the file.
  if (invoice.promise)
    details.push(['promisedBy', [day(invoice.promise.date), invoice.promise.note].filter(Boolean).join(' · ')]);
  // With a discount, the totals start from the subtotal (quantity × unit price) less every discount.
  const amounts = invoiceAmounts(invoice.products, invoice.discount);
  const lineDiscounts = amounts && invoice.products.some((line) => line.discount) ? amounts : null;
  const totals: (readonly [PrintTextKey, Fils])[] = [
    ...(amounts && (invoice.discount || lineDiscounts)
      ? [['subtotal', amounts.subtotal] as const, ['discount', amounts.allDiscounts] as const]
      : []),
    ['total', invoice.totalAmount] as const,
    ['paid', invoice.paidAmount] as const,
    ...(invoice.creditedAmount ? [['credited', fils(invoice.creditedAmount)] as const] : []),
    ['remaining', invoice.remainingAmount] as const,
  ];
  const lineColumns: Column<InvoiceLine>[] = [
    { header: '#', cell: (_line, i) => digits(i + 1) },
    { header: <PrintLabel text="product" />, key: 'product', cell: (line) => line.product.productName },
    { header: <PrintLabel text="quantity" />, key: 'quantity', numeric: true, cell: (line) => digits(line.quantity) },
    {
      header: <PrintLabel text="unitPrice" />,
      key: 'unitPrice',
      numeric: true,
      nowrap: true,
      cell: (line) => <bdi>{kd(line.unitPrice)}</bdi>,
    },
    ...(lineDiscounts
      ? [
          {
            header: <PrintLabel text="discount" />,
            key: 'discount',
            numeric: true,
            nowrap: true,
            cell: (line: InvoiceLine, i: number) =>
              line.discount && (
                <>
                  {'percent' in line.discount && `${digits(line.discount.percent)}% `}
                  <bdi>{kd(lineDiscounts.lines[i]!.discount)}</bdi>
                </>
              ),
          },
        ]
      : []),
    {
      header: <PrintLabel text="lineTotal" />,
      key: 'lineTotal',
      numeric: true,
      nowrap: true,
      cell: (line) => <bdi>{kd(line.lineTotal)}</bdi>,
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="6">
        <CustomerBlock headingKey="billTo" fallbackName={invoice.customer.customerName} />
        <PrintFacts items={details} />
      </Flex>

      <DataTable label={t('invoiceLines')} columns={lineColumns} rows={invoice.products} />

      <SimpleGrid as="dl" columns={2} gap="1" maxW="sm" ms="auto" mt="6" aria-label={t('totals')}>
        {totals.map(([term, amount]) => (
          <Box
            key={term}
            display="contents"
            fontWeight={term === 'total' || term === 'remaining' ? 'semibold' : undefined}
          >
            <Text as="dt">
              <PrintLabel text={term} />
            </Text>
            <Text as="dd" textAlign="end" whiteSpace="nowrap">
              <bdi>{kd(amount)}</bdi>
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <PrintAmountInWords amount={invoice.totalAmount} />

      <InvoicePayments invoice={invoice} />
      <InvoiceCreditNotes invoice={invoice} />

      <PrintNotes notes={invoice.notes} />
    </>
  );
}

/** What was paid on the invoice: each payment's number, day, mode (and cheque) and amount. */
function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { kd, day, digits, t } = usePrintDocument();
  const settlements = useQuery({ ...invoicePaymentsQuery(invoice._id), enabled: invoice.paidAmount !== 0 });
  if (!settlements.data?.length) return null;
  const columns: Column<InvoiceSettlement>[] = [
    { header: <PrintLabel text="paymentNumber" />, key: 'number', cell: (row) => row.payment.paymentNumber },
    { header: <PrintLabel text="date" />, key: 'date', cell: (row) => day(row.paymentDate) },
    {
      header: <PrintLabel text="paymentMode" />,
      key: 'mode',
      cell: (row) => (
        <>
          <PrintLabel text={`mode.${row.paymentMode}`} inline />
          {row.cheque && <bdi> {digits(row.cheque.chequeNumber)}</bdi>}
        </>
      ),
    },
    {
      header: <PrintLabel text="paymentAmount" />,
      key: 'amount',
      numeric: true,
      nowrap: true,
      cell: (row) => <bdi>{kd(row.amount)}</bdi>,
    },
  ];
  return (
    <Box mt="6">
      <DataTable label={t('invoicePayments')} columns={columns} rows={settlements.data} />
    </Box>
  );
}

/** The credit notes that took part of the invoice back, with their dates, reasons and amounts. */
function InvoiceCreditNotes({ invoice }: { invoice: Invoice }) {
  const { kd, day, t } = usePrintDocument();
  const notes = useQuery({ ...invoiceCreditNotesQuery(invoice._id), enabled: Boolean(invoice.creditedAmount) });
  if (!notes.data?.length) return null;
  const columns: Column<CreditNote>[] = [
    { header: <PrintLabel text="creditNoteNumber" />, key: 'number', cell: (note) => note.creditNoteNumber },
    { header: <PrintLabel text="date" />, key: 'date', cell: (note) => day(note.date) },
    {
      header: <PrintLabel text="reason" />,
      key: 'reason',
      cell: (note) => <PrintLabel text={`reason.${note.reason}`} />,
    },
    {
      header: <PrintLabel text="creditedAmount" />,
      key: 'amount',
      numeric: true,
      nowrap: true,
      cell: (note) => <bdi>{kd(note.amount)}</bdi>,
    },
  ];
  return (
    <Box mt="6">
      <DataTable label={t('invoiceCreditNotes')} columns={columns} rows={notes.data} />
    </Box>
  );
}
