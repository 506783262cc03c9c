import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { statementPagePath, type CustomerBalanceRow, type CustomerPaymentSummary } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { formatKd } from '@admin/shared/money';
import { Link } from '@admin/shared/router';
import { Box, Button, HStack, Heading, SimpleGrid, Stack, Text } from '@admin/shared/ui';
import { Can, Dialog, DialogFrame, Table } from '@admin/shared/ui-kit';
import { customerBalanceQuery } from '../payments/api';
import { TYPE_LABELS } from '../payments/payment-forms';
import { customerSummaryQuery } from './api';
import { NetBalanceChip } from './net-balance-chip';
import { RefundForm } from './refund-form';

const ZERO_BALANCE = { advanceBalance: 0, totalDue: 0, netBalance: 0, totalPaid: 0, lastPaymentDate: null };

/** A customer's balance, payments by type and invoices by status, and the refund of the advance balance. */
export function BalanceDetailsDialog({ customer, onClose }: { customer: CustomerBalanceRow | null; onClose: () => void }) {
  return (
    <DialogFrame open={customer !== null} title={customer ? `${customer.customerName} - Balance Details` : ''} onClose={onClose} size="lg">
      {customer && <Details key={customer._id} customer={customer} onClose={onClose} />}
    </DialogFrame>
  );
}

function Details({ customer, onClose }: { customer: CustomerBalanceRow; onClose: () => void }) {
  const [refunding, setRefunding] = useState(false);
  const balanceQuery = useQuery(customerBalanceQuery(customer._id));
  const summaryQuery = useQuery(customerSummaryQuery(customer._id));
  // A lookup that fails shows zeros, never the row's possibly older figures.
  const balance = balanceQuery.isError ? ZERO_BALANCE : (balanceQuery.data ?? ZERO_BALANCE);
  const summary: CustomerPaymentSummary = summaryQuery.data ?? { paymentSummary: [], invoiceSummary: [] };

  if (refunding) {
    return <RefundForm customerId={customer._id} advanceBalance={balance.advanceBalance} onDone={() => setRefunding(false)} />;
  }
  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Figure label="Advance Balance" value={formatKd(balance.advanceBalance)} />
            <Figure label="Total Due" value={formatKd(balance.totalDue)} />
            <Box borderWidth="1px" rounded="md" p="3">
              <Text fontSize="sm" color="fg.muted">
                Net Balance
              </Text>
              <NetBalanceChip fils={balance.netBalance} />
            </Box>
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            Total paid on invoices: {formatKd(balance.totalPaid)} · Last payment: {balance.lastPaymentDate ? formatDay(balance.lastPaymentDate) : '—'}
          </Text>
          <SummaryTable
            title="Payment Summary"
            firstHeader="Type"
            rows={summary.paymentSummary.map((row) => ({ ...row, label: TYPE_LABELS[row._id] ?? row._id }))}
          />
          <SummaryTable
            title="Invoice Summary"
            firstHeader="Status"
            rows={summary.invoiceSummary.map((row) => ({ ...row, label: row._id.charAt(0).toUpperCase() + row._id.slice(1) }))}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {balance.advanceBalance > 0 && (
          <Can permission="payments.refund">
            <Button variant="outline" colorPalette="orange" onClick={() => setRefunding(true)}>
              Refund Advance
            </Button>
          </Can>
        )}
        <Can permission="receivables.read">
          <Button asChild variant="outline">
            <Link to={statementPagePath(customer._id)}>Statement</Link>
          </Button>
        </Can>
        <Button onClick={onClose}>Close</Button>
      </Dialog.Footer>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}

function SummaryTable({ title, firstHeader, rows }: { title: string; firstHeader: string; rows: { label: string; count: number; totalAmount: number }[] }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          None yet
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{firstHeader}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Count</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total Amount</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell>{row.label}</Table.Cell>
                <Table.Cell textAlign="end">{row.count}</Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="end">
                    <Text fontVariantNumeric="tabular-nums">{formatKd(row.totalAmount)}</Text>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
