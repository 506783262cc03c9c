import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  statementPagePath,
  type CustomerBalance,
  type CustomerBalanceRow,
  type CustomerPaymentSummary,
} from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { fils, formatKd, type Fils } from '@admin/shared/money';
import { Link } from '@admin/shared/router';
import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@admin/shared/ui';
import { Can, DataTable, Dialog, DialogShell, FigureBox, MoneyText } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { customerBalanceQuery } from '../common/payments-api';
import { usePaymentLabels } from '../common/payment-labels';
import { customerSummaryQuery } from './api';
import { NetBalanceChip } from './net-balance-chip';
import { RefundForm } from './refund-form';

const ZERO_BALANCE: CustomerBalance = {
  advanceBalance: fils(0),
  totalDue: fils(0),
  netBalance: fils(0),
  totalPaid: fils(0),
  lastPaymentDate: null,
};

/** A customer's balance, payments by type and invoices by status, and the refund of the advance balance. */
export function BalanceDetailsDialog({
  customer,
  onClose,
}: {
  customer: CustomerBalanceRow | null;
  onClose: () => void;
}) {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <DialogShell
      open={customer !== null}
      title={customer ? t('details.title', { customer: customer.customerName }) : ''}
      onClose={onClose}
      size="lg"
    >
      {customer && <Details key={customer._id} customer={customer} onClose={onClose} />}
    </DialogShell>
  );
}

function Details({ customer, onClose }: { customer: CustomerBalanceRow; onClose: () => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { typeLabel, invoiceStatusLabel } = usePaymentLabels();
  const [refunding, setRefunding] = useState(false);
  const balanceQuery = useQuery(customerBalanceQuery(customer._id));
  const summaryQuery = useQuery(customerSummaryQuery(customer._id));
  // A lookup that fails shows zeros, never the row's possibly older figures.
  const balance = balanceQuery.isError ? ZERO_BALANCE : (balanceQuery.data ?? ZERO_BALANCE);
  const summary: CustomerPaymentSummary = summaryQuery.data ?? { paymentSummary: [], invoiceSummary: [] };

  if (refunding) {
    return (
      <RefundForm
        customerId={customer._id}
        advanceBalance={balance.advanceBalance}
        onDone={() => setRefunding(false)}
      />
    );
  }
  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <FigureBox label={t('balances.advanceBalance')}>
              <Amount fils={balance.advanceBalance} />
            </FigureBox>
            <FigureBox label={t('balances.totalDue')}>
              <Amount fils={balance.totalDue} />
            </FigureBox>
            <FigureBox label={t('balances.netBalance')}>
              <NetBalanceChip fils={balance.netBalance} />
            </FigureBox>
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            {t('details.paidAndLastPayment', {
              amount: formatKd(balance.totalPaid),
              date: balance.lastPaymentDate ? formatDay(balance.lastPaymentDate) : '—',
            })}
          </Text>
          <SummaryTable
            title={t('details.paymentSummary')}
            firstHeader={t('columns.type')}
            rows={summary.paymentSummary.map((row) => ({ ...row, label: typeLabel(row._id) }))}
          />
          <SummaryTable
            title={t('details.invoiceSummary')}
            firstHeader={t('columns.status')}
            rows={summary.invoiceSummary.map((row) => ({ ...row, label: invoiceStatusLabel(row._id) }))}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {balance.advanceBalance > 0 && (
          <Can permission="payments.refund">
            <Button variant="outline" colorPalette="orange" onClick={() => setRefunding(true)}>
              {t('details.refundAdvance')}
            </Button>
          </Can>
        )}
        <Can permission="receivables.read">
          <Button asChild variant="outline">
            <Link to={statementPagePath(customer._id)}>{t('details.statement')}</Link>
          </Button>
        </Can>
        <Button onClick={onClose}>{t('details.close')}</Button>
      </Dialog.Footer>
    </>
  );
}

function Amount({ fils }: { fils: Fils }) {
  return <MoneyText fils={fils} dir="ltr" display="block" fontSize="lg" fontWeight="semibold" />;
}

function SummaryTable({
  title,
  firstHeader,
  rows,
}: {
  title: string;
  firstHeader: string;
  rows: { label: string; count: number; totalAmount: Fils }[];
}) {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('details.noneYet')}
        </Text>
      ) : (
        <DataTable
          label={title}
          columns={[
            { header: firstHeader, cell: (row) => row.label },
            { header: t('details.count'), numeric: true, cell: (row) => row.count },
            {
              header: t('details.totalAmount'),
              numeric: true,
              cell: (row) => <MoneyText fils={row.totalAmount} dir="ltr" />,
            },
          ]}
          rows={rows}
          rowKey={(row) => row.label}
        />
      )}
    </Box>
  );
}
