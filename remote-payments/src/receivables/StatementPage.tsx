import { useQuery } from '@tanstack/react-query';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  STATEMENT_LINE_LABELS,
  type CustomerStatement,
} from '@admin/shared/contract';
import { formatDay, toDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { useParams, useSearchParams } from '@admin/shared/router';
import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@admin/shared/ui';
import { DateRangeFilter, downloadCsv, PrintPage, PrintSheet, Table } from '@admin/shared/ui-kit';
import { statementPath, statementQuery } from './api';

/**
 * A customer's statement for a period (?from&to, default the last three months): printable on A4,
 * and downloadable as CSV with the same lines.
 */
export function StatementPage() {
  const { customerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const statement = useQuery(statementQuery(customerId, period));
  const setDay = (name: 'from' | 'to', day: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (day) next.set(name, day);
      else next.delete(name);
      return next;
    });

  return (
    <PrintPage
      back={{ to: '/receivables-aging', label: 'Back to Receivables Aging' }}
      state={statement.isPending ? 'loading' : statement.isError ? 'error' : 'ready'}
      errorText="This statement could not be loaded."
      actions={
        // The API client shows a failed download's message itself.
        <Button size="sm" variant="outline" disabled={!statement.data} onClick={() => downloadCsv(statementPath(customerId), period).catch(() => {})}>
          Download CSV
        </Button>
      }
      toolbar={
        <Box mb="4">
          <DateRangeFilter
            from={period.from ?? (statement.data && toDay(statement.data.from))}
            to={period.to ?? (statement.data && toDay(statement.data.to))}
            onChange={setDay}
          />
        </Box>
      }
    >
      {statement.data && <StatementSheet statement={statement.data} />}
    </PrintPage>
  );
}

function StatementSheet({ statement }: { statement: CustomerStatement }) {
  const { customer } = statement;
  return (
    <PrintSheet label={`Statement of ${customer.customerName}`}>
      <Flex justify="space-between" align="start" gap="6" wrap="wrap" mb="8">
        <Box>
          <Heading as="h2" size="2xl">
            Admin System
          </Heading>
          <Text color="fg.muted">Customer Statement</Text>
        </Box>
        <Box textAlign="end" fontSize="sm">
          <Text color="fg.muted">Period</Text>
          <Text fontWeight="medium">
            {formatDay(statement.from)} – {formatDay(statement.to)}
          </Text>
        </Box>
      </Flex>

      <Box mb="6">
        <Text fontSize="sm" color="fg.muted">
          Customer
        </Text>
        <Text fontSize="lg" fontWeight="semibold">
          {customer.customerName}
        </Text>
        {customer.customerAlternateName && <Text>{customer.customerAlternateName}</Text>}
        <Text fontSize="sm" color="fg.muted">
          Payment terms: {customer.paymentTermsDays} days
        </Text>
      </Box>

      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Statement lines">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>Number</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Debit</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Credit</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <BalanceRow label="Opening balance" date={statement.from} fils={statement.openingBalance} />
            {statement.lines.map((line, i) => (
              <Table.Row key={`${line.number}-${i}`}>
                <Table.Cell whiteSpace="nowrap">{formatDay(line.date)}</Table.Cell>
                <Table.Cell>{STATEMENT_LINE_LABELS[line.kind]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{line.number}</Table.Cell>
                <Table.Cell>{line.description}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {line.debit ? formatKd(line.debit) : ''}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {line.credit ? formatKd(line.credit) : ''}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatKd(line.balance)}
                </Table.Cell>
              </Table.Row>
            ))}
            <BalanceRow label="Closing balance" date={statement.to} fils={statement.closingBalance} />
          </Table.Body>
        </Table.Root>
      </Box>
      {statement.lines.length === 0 && (
        <Text mt="2" color="fg.muted">
          No movements in this period.
        </Text>
      )}

      <Box mt="8">
        <Heading as="h3" size="md" mb="2">
          Aging on {formatDay(statement.to)}
        </Heading>
        <SimpleGrid as="dl" aria-label="Aging" columns={{ base: 2, sm: 3, md: 6 }} gap="2">
          {[...AGING_BUCKETS.map((bucket) => [AGING_BUCKET_LABELS[bucket], statement.aging[bucket]] as const), ['Total due', statement.aging.total] as const].map(
            ([label, fils]) => (
              <Box key={label}>
                <Text as="dt" fontSize="sm" color="fg.muted">
                  {label}
                </Text>
                <Text as="dd" fontWeight="medium" fontVariantNumeric="tabular-nums">
                  {formatKd(fils)}
                </Text>
              </Box>
            ),
          )}
        </SimpleGrid>
        <Text mt="3" fontSize="sm" color="fg.muted">
          A positive balance is what the customer owes; a negative one is paid in advance.
        </Text>
      </Box>
    </PrintSheet>
  );
}

function BalanceRow({ label, date, fils }: { label: string; date: string; fils: number }) {
  return (
    <Table.Row fontWeight="semibold">
      <Table.Cell whiteSpace="nowrap">{formatDay(date)}</Table.Cell>
      <Table.Cell colSpan={5}>{label}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatKd(fils)}
      </Table.Cell>
    </Table.Row>
  );
}
