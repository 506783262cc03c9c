import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DocumentSendFormSchema, RESOURCES, type PaymentReceipt, type ReceiptInvoice } from '@admin/shared/contract';
import type { Fils } from '@admin/shared/money';
import { useParams } from '@admin/shared/router';
import { Box, Flex, Heading, Text } from '@admin/shared/ui';
import {
  CustomerBlock,
  DataTable,
  PrintedDocument,
  PrintFacts,
  PrintAmountInWords,
  PrintLabel,
  PrintNotes,
  useScreenPrintText,
  usePrintDocument,
  type Column,
  type PrintFact,
  type PrintTextKey,
} from '@admin/shared/ui-kit';
import { receiptQuery } from '../common/payments-api';

/**
 * A payment's receipt laid out for paper: what was received, from whom, by which modes, for which
 * invoices and by which cheque, the amount in words; for a refund, a voucher of money paid out.
 * In the customer's preferred language unless another is chosen.
 */
export function ReceiptPage() {
  const t = useScreenPrintText();
  const { id = '' } = useParams();
  const receipt = useQuery(receiptQuery(id));
  const refund = receipt.data?.paymentType === 'refund';
  return (
    <PrintedDocument
      query={receipt}
      back={{ to: RESOURCES.payments.page, label: t('backToPayments') }}
      errorText={t('receiptFailed')}
      customerId={receipt.data?.customer._id}
      titleKey={refund ? 'refundVoucher' : 'receipt'}
      share={{ path: `${RESOURCES.payments.path}/${id}/receipt/link` }}
      send={{ path: `${RESOURCES.payments.path}/${id}/send`, schema: DocumentSendFormSchema }}
      sheetLabel={(record) => ({
        key: record.paymentType === 'refund' ? 'refundSheet' : 'receiptSheet',
        values: { number: record.receiptNumber },
      })}
    >
      {(record) => <ReceiptSheet receipt={record} />}
    </PrintedDocument>
  );
}

function ReceiptSheet({ receipt }: { receipt: PaymentReceipt }) {
  const { kd, day, t } = usePrintDocument();
  const refund = receipt.paymentType === 'refund';
  const details: PrintFact[] = [
    ['receiptNumber', receipt.receiptNumber],
    ['date', day(receipt.paymentDate)],
    ['paymentNumber', receipt.paymentNumber],
    ['type', <PrintLabel key="type" text={`line.${receipt.paymentType}`} />],
  ];
  if (receipt.referenceNumber) details.push(['referenceNumber', receipt.referenceNumber]);

  return (
    <>
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="2">
        <CustomerBlock headingKey={refund ? 'paidTo' : 'receivedFrom'} fallbackName={receipt.customer.customerName} />
        <PrintFacts items={details} />
      </Flex>

      <Box borderWidth="1px" rounded="md" p="4" mb="6">
        <Flex justify="space-between" align="baseline" gap="4" wrap="wrap">
          <Text color="fg.muted">
            <PrintLabel text="sumOf" />
          </Text>
          <Text fontSize="xl" fontWeight="bold" whiteSpace="nowrap">
            <bdi>{kd(receipt.total)}</bdi>
          </Text>
        </Flex>
        <PrintAmountInWords amount={receipt.total} />
      </Box>

      <Flex gap="8" wrap="wrap" mb="6" align="start">
        <Section headingKey={refund ? 'paidOutBy' : 'paidBy'}>
          <PrintFacts
            label={t(refund ? 'paidOutBy' : 'paidBy')}
            items={[
              ...receipt.parts.map((part) => [`mode.${part.mode}`, kd(part.amount)] as const),
              ['total', kd(receipt.total)] as const,
            ]}
            strongLast
          />
        </Section>
        {receipt.cheque && <ChequeDetails cheque={receipt.cheque} />}
      </Flex>

      {receipt.invoices.length > 0 && <SettledInvoices invoices={receipt.invoices} />}

      {receipt.takenBackBy && (
        <Text mt="6" fontWeight="medium" color="fg.error">
          <PrintLabel
            text="takenBack"
            values={{ number: receipt.takenBackBy.paymentNumber, date: day(receipt.takenBackBy.paymentDate) }}
          />
        </Text>
      )}

      <PrintNotes notes={receipt.notes} />
    </>
  );
}

/** A part of the sheet under its heading in the print language. */
function Section({ headingKey, children }: { headingKey: PrintTextKey; children: ReactNode }) {
  return (
    <Box flex="1" minW="15rem">
      <Heading as="h3" size="sm" mb="2">
        <PrintLabel text={headingKey} />
      </Heading>
      {children}
    </Box>
  );
}

/** The cheque that posted the payment; its bank named in the document's language (both on a bilingual sheet). */
function ChequeDetails({ cheque }: { cheque: NonNullable<PaymentReceipt['cheque']> }) {
  const { mode, day, t } = usePrintDocument();
  const english = cheque.bank.bankName;
  const arabic = cheque.bank.bankNameAr || english;
  const bank =
    mode === 'en' ? english : mode === 'ar' ? arabic : arabic === english ? english : `${english} / ${arabic}`;
  const items: PrintFact[] = [
    ['chequeNumber', cheque.chequeNumber],
    ['bank', bank],
    ['chequeDate', day(cheque.chequeDate)],
  ];
  if (cheque.drawerName) items.push(['drawer', cheque.drawerName]);
  return (
    <Section headingKey="cheque">
      <PrintFacts label={t('cheque')} items={items} />
    </Section>
  );
}

/** What the payment settled on each invoice, and what each still owed once it was recorded. */
function SettledInvoices({ invoices }: { invoices: ReceiptInvoice[] }) {
  const { kd, t } = usePrintDocument();
  const amount = (key: PrintTextKey, value: (line: ReceiptInvoice) => Fils): Column<ReceiptInvoice> => ({
    header: <PrintLabel text={key} />,
    key,
    numeric: true,
    nowrap: true,
    cell: (line) => <bdi>{kd(value(line))}</bdi>,
  });
  const columns: Column<ReceiptInvoice>[] = [
    {
      header: <PrintLabel text="invoiceNumber" />,
      key: 'invoiceNumber',
      nowrap: true,
      cell: (line) => <bdi>{line.invoiceNumber}</bdi>,
    },
    amount('invoiceTotal', (line) => line.totalAmount),
    amount('paidByReceipt', (line) => line.paidAmount),
    amount('remainingAfter', (line) => line.remainingAfter),
  ];
  return (
    <Section headingKey="invoicesSettled">
      <DataTable
        label={t('invoicesSettled')}
        columns={columns}
        rows={invoices}
        rowKey={(line) => line.invoice}
        frame="scroll"
      />
    </Section>
  );
}
