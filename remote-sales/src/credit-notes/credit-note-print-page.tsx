import { useQuery } from '@tanstack/react-query';
import { DocumentSendFormSchema, RESOURCES, type CreditNote, type CreditNoteLine } from '@admin/shared/contract';
import { useParams } from '@admin/shared/router';
import { Box, Flex, Text } from '@admin/shared/ui';
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
} from '@admin/shared/ui-kit';
import { creditNoteQuery } from './api';

/**
 * A credit note laid out for paper: the company, its number, the invoice it is against, the
 * customer, the reason, the lines credited (when issued by lines), the amount in figures and words
 * and how it was applied; in the customer's preferred language unless another is chosen.
 */
export function CreditNotePrintPage() {
  const t = useScreenPrintText();
  const { id = '' } = useParams();
  const note = useQuery(creditNoteQuery(id));
  return (
    <PrintedDocument
      query={note}
      back={{ to: RESOURCES.creditNotes.page, label: t('backToCreditNotes') }}
      errorText={t('creditNoteFailed')}
      customerId={note.data?.customer._id}
      titleKey="creditNote"
      share={{ path: `${RESOURCES.creditNotes.path}/${id}/link` }}
      send={{ path: `${RESOURCES.creditNotes.path}/${id}/send`, schema: DocumentSendFormSchema }}
      sheetLabel={(record) => ({ key: 'creditNoteSheet', values: { number: record.creditNoteNumber } })}
    >
      {(record) => <CreditNoteSheet note={record} />}
    </PrintedDocument>
  );
}

function CreditNoteSheet({ note }: { note: CreditNote }) {
  const { kd, day, digits, t } = usePrintDocument();
  const details: PrintFact[] = [
    ['creditNoteNumber', note.creditNoteNumber],
    ['date', day(note.date)],
    ['againstInvoice', note.invoice.invoiceNumber],
    ['reason', <PrintLabel key="reason" text={`reason.${note.reason}`} />],
  ];
  if (note.debitNotes.length) {
    details.push(['correctedBy', note.debitNotes.map((debitNote) => debitNote.invoiceNumber).join(', ')]);
  }
  const lineColumns: Column<CreditNoteLine>[] = [
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
        <CustomerBlock headingKey="customer" fallbackName={note.customer.customerName} />
        <PrintFacts items={details} />
      </Flex>

      {note.lines.length > 0 && (
        <Box mb="6">
          <DataTable label={t('creditedLines')} columns={lineColumns} rows={note.lines} />
        </Box>
      )}

      <Box borderWidth="1px" rounded="md" p="4" mb="6">
        <Flex justify="space-between" align="baseline" gap="4" wrap="wrap">
          <Text color="fg.muted">
            <PrintLabel text="creditedAmount" />
          </Text>
          <Text fontSize="xl" fontWeight="bold" whiteSpace="nowrap">
            <bdi>{kd(note.amount)}</bdi>
          </Text>
        </Flex>
        <PrintAmountInWords amount={note.amount} />
      </Box>

      <Box maxW="sm" ms="auto">
        <PrintFacts
          label={t('creditedAmount')}
          items={[
            ['owedPart', kd(note.owedAmount)],
            ['toAdvance', kd(note.toAdvance)],
            ['total', kd(note.amount)],
          ]}
          strongLast
        />
      </Box>

      <PrintNotes notes={note.notes} />
    </>
  );
}
