import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RESOURCES, type Cheque } from '@admin/shared/contract';
import { businessToday, formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, Stack, Text } from '@admin/shared/ui';
import { DashboardCard, DashboardFigure, DataTable, DayFilter, MoneyText, type Column } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { chequesToDepositQuery } from './api';

/**
 * 'Cheques to deposit': cheques in hand dated up to the next business day after `asOf` (today by
 * default), their count and sum (the Cheques page and the dashboard).
 */
export function ToDepositCard({ asOf }: { asOf?: string }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const toDeposit = useQuery(chequesToDepositQuery(asOf));
  return (
    <DashboardCard
      title={t('cheques.toDeposit')}
      href={`${RESOURCES.cheques.page}?status=in_hand`}
      loading={toDeposit.isPending}
      failed={toDeposit.isError}
    >
      {toDeposit.data && (
        <>
          <DashboardFigure>
            <MoneyText fils={toDeposit.data.totalAmount} />
          </DashboardFigure>
          <Text fontSize="sm" color="fg.muted">
            {t('cheques.toDepositDetail', { count: toDeposit.data.count, until: formatDay(toDeposit.data.until) })}
          </Text>
        </>
      )}
    </DashboardCard>
  );
}

/**
 * The Cheques page's banner: what goes to the bank next, as of a day staff may move ahead to plan
 * (on a Thursday, the cheques up to Sunday), and which cheques those are.
 */
export function ToDepositPanel() {
  const t = useT(PAYMENTS_NAMESPACE);
  const [asOf, setAsOf] = useState(businessToday);
  const toDeposit = useQuery(chequesToDepositQuery(asOf));
  const columns: Column<Cheque>[] = [
    { header: t('cheques.columns.chequeNumber'), cell: (c) => <bdi>{c.chequeNumber}</bdi> },
    { header: t('fields.customer'), cell: (c) => c.customer.customerName },
    { header: t('cheques.fields.chequeDate'), cell: (c) => <bdi>{formatDay(c.chequeDate)}</bdi> },
    { header: t('columns.amount'), numeric: true, cell: (c) => <MoneyText fils={c.amount} dir="ltr" /> },
  ];
  return (
    <Stack gap="3" mb="4">
      <DayFilter
        id="to-deposit-as-of"
        label={t('cheques.toDepositAsOf')}
        value={asOf}
        onChange={(day) => setAsOf(day || businessToday())}
      />
      <Box maxW={{ md: 'sm' }}>
        <ToDepositCard asOf={asOf} />
      </Box>
      {Boolean(toDeposit.data?.count) && (
        <DataTable
          label={t('cheques.toDeposit')}
          columns={columns}
          rows={toDeposit.data?.cheques}
          rowKey={(c) => c._id}
        />
      )}
    </Stack>
  );
}
