import { useQuery } from '@tanstack/react-query';
import { RESOURCES, type Customer, type Invoice } from '@admin/shared/contract';
import { useParams } from '@admin/shared/router';
import { Box, Flex, SimpleGrid, Text } from '@admin/shared/ui';
import {
  CompanyBlock,
  CustomerBlock,
  documentLanguage,
  PrintDocument,
  PrintFooter,
  PrintLabel,
  PrintLanguageSwitch,
  PrintPage,
  printText,
  Table,
  useCompanySettings,
  useScreenPrintText,
  usePrintCustomer,
  usePrintDocument,
  usePrintMode,
} from '@admin/shared/ui-kit';
import { invoiceQuery } from './api';

/**
 * An invoice laid out for paper: the company, number, customer, dates, lines, total, paid and
 * remaining, and the footer; in the customer's preferred language unless another is chosen.
 */
export function InvoicePrintPage() {
  const t = useScreenPrintText();
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  const customer = usePrintCustomer(invoice.data?.customer._id);
  const company = useCompanySettings();
  const [mode, setMode] = usePrintMode(customer.data?.preferredLanguage);
  return (
    <PrintPage
      back={{ to: RESOURCES.invoices.page, label: t('backToInvoices') }}
      state={invoice.isPending ? 'loading' : invoice.isError ? 'error' : 'ready'}
      errorText={t('invoiceFailed')}
      toolbar={<PrintLanguageSwitch mode={mode} onChange={setMode} />}
    >
      {invoice.data && (
        <PrintDocument
          mode={mode}
          company={company.data}
          label={printText(documentLanguage(mode), INVOICE_SHEET, { number: invoice.data.invoiceNumber })}
        >
          <InvoiceSheet invoice={invoice.data} customer={customer.data} />
        </PrintDocument>
      )}
    </PrintPage>
  );
}

const INVOICE_SHEET = 'invoiceSheet';
const TOTALS = ['total', 'paid', 'remaining'] as const;

function InvoiceSheet({ invoice, customer }: { invoice: Invoice; customer: Customer | undefined }) {
  const { kd, day, digits, t } = usePrintDocument();
  const details: [Parameters<typeof PrintLabel>[0]['text'], string][] = [
    ['invoiceNumber', invoice.invoiceNumber],
    ['date', day(invoice.dateOfCreation)],
    ['dueDate', day(invoice.dueDate)],
    ['paymentType', t(invoice.credit ? 'credit' : 'cash')],
    ['status', t(`status.${invoice.status}`)],
  ];
  if (invoice.referenceNumber) details.push(['referenceNumber', invoice.referenceNumber]);

  return (
    <>
      <CompanyBlock titleKey="invoice" />
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="6">
        <CustomerBlock headingKey="billTo" customer={customer} fallbackName={invoice.customer.customerName} />
        <Box as="dl" display="grid" gridTemplateColumns="auto auto" columnGap="4" rowGap="1" fontSize="sm">
          {details.map(([term, value]) => (
            <Box key={term} display="contents">
              <Text as="dt" color="fg.muted">
                <PrintLabel text={term} />
              </Text>
              <Text as="dd" fontWeight="medium" textAlign="end">
                <bdi>{value}</bdi>
              </Text>
            </Box>
          ))}
        </Box>
      </Flex>

      <Table.Root size="sm" aria-label={t('invoiceLines')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>#</Table.ColumnHeader>
            <Table.ColumnHeader>
              <PrintLabel text="product" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <PrintLabel text="quantity" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <PrintLabel text="unitPrice" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <PrintLabel text="lineTotal" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoice.products.map((line, i) => (
            <Table.Row key={i}>
              <Table.Cell>{digits(i + 1)}</Table.Cell>
              <Table.Cell>{line.product.productName}</Table.Cell>
              <Table.Cell textAlign="end">{digits(line.quantity)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <bdi>{kd(line.unitPrice)}</bdi>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <bdi>{kd(line.lineTotal)}</bdi>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>

      <SimpleGrid as="dl" columns={2} gap="1" maxW="sm" ms="auto" mt="6" aria-label={t('totals')}>
        {TOTALS.map(
          (term) =>
            [
              term,
              { total: invoice.totalAmount, paid: invoice.paidAmount, remaining: invoice.remainingAmount }[term],
            ] as const,
        ).map(([term, fils]) => (
          <Box key={term} display="contents" fontWeight={term === 'paid' ? undefined : 'semibold'}>
            <Text as="dt">
              <PrintLabel text={term} />
            </Text>
            <Text as="dd" textAlign="end" whiteSpace="nowrap">
              <bdi>{kd(fils)}</bdi>
            </Text>
          </Box>
        ))}
      </SimpleGrid>

      {invoice.notes && (
        <Box mt="8">
          <Text fontSize="sm" color="fg.muted">
            <PrintLabel text="notes" />
          </Text>
          <Text whiteSpace="pre-wrap">{invoice.notes}</Text>
        </Box>
      )}
      <PrintFooter />
    </>
  );
}
