import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { useParams } from '@admin/shared/router';
import { Box, Flex, Heading, SimpleGrid, Text } from '@admin/shared/ui';
import { PrintPage, PrintSheet, Table } from '@admin/shared/ui-kit';
import { invoiceQuery } from './api';

/** An invoice laid out for paper: business, number, customer, dates, lines, total, paid and remaining. */
export function InvoicePrintPage() {
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  return (
    <PrintPage
      back={{ to: '/invoices', label: 'Back to Invoices' }}
      state={invoice.isPending ? 'loading' : invoice.isError ? 'error' : 'ready'}
      errorText="This invoice could not be loaded."
    >
      {invoice.data && <InvoiceSheet invoice={invoice.data} />}
    </PrintPage>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const details: [string, string][] = [
    ['Invoice #', invoice.invoiceNumber],
    ['Date', formatDay(invoice.dateOfCreation)],
    ['Due Date', formatDay(invoice.dueDate)],
    ['Payment Type', invoice.credit ? 'Credit' : 'Cash'],
    ['Status', invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)],
  ];
  if (invoice.referenceNumber) details.push(['Reference #', invoice.referenceNumber]);

  return (
    <PrintSheet label={`Invoice ${invoice.invoiceNumber}`}>
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="8">
        <Box>
          <Heading as="h2" size="2xl">
            Admin System
          </Heading>
          <Text color="fg.muted">Invoice</Text>
        </Box>
        <Box as="dl" display="grid" gridTemplateColumns="auto auto" columnGap="4" rowGap="1" fontSize="sm">
          {details.map(([term, value]) => (
            <Box key={term} display="contents">
              <Text as="dt" color="fg.muted">
                {term}
              </Text>
              <Text as="dd" fontWeight="medium" textAlign="end">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
      </Flex>

      <Box mb="6">
        <Text fontSize="sm" color="fg.muted">
          Bill to
        </Text>
        <Text fontSize="lg" fontWeight="semibold">
          {invoice.customer.customerName}
        </Text>
      </Box>

      <Table.Root size="sm" aria-label="Invoice lines">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>#</Table.ColumnHeader>
            <Table.ColumnHeader>Product</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Unit Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Line Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoice.products.map((line, i) => (
            <Table.Row key={i}>
              <Table.Cell>{i + 1}</Table.Cell>
              <Table.Cell>{line.product.productName}</Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatKd(line.unitPrice)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatKd(line.lineTotal)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>

      <SimpleGrid as="dl" columns={2} gap="1" maxW="xs" ms="auto" mt="6" aria-label="Totals">
        <Text as="dt">Total</Text>
        <Text as="dd" textAlign="end" fontWeight="semibold">
          {formatKd(invoice.totalAmount)}
        </Text>
        <Text as="dt">Paid</Text>
        <Text as="dd" textAlign="end">
          {formatKd(invoice.paidAmount)}
        </Text>
        <Text as="dt" fontWeight="semibold">
          Remaining
        </Text>
        <Text as="dd" textAlign="end" fontWeight="semibold">
          {formatKd(invoice.remainingAmount)}
        </Text>
      </SimpleGrid>

      {invoice.notes && (
        <Box mt="8">
          <Text fontSize="sm" color="fg.muted">
            Notes
          </Text>
          <Text whiteSpace="pre-wrap">{invoice.notes}</Text>
        </Box>
      )}
    </PrintSheet>
  );
}
