import { useQuery } from '@tanstack/react-query';
import { RESOURCES } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Text } from '@admin/shared/ui';
import { DashboardCard, DashboardFigure, MoneyText } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { chequesToDepositQuery } from './api';

/** 'Cheques to deposit': cheques in hand dated up to the next business day, their count and sum (the Cheques page and the dashboard). */
export function ToDepositCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  const toDeposit = useQuery(chequesToDepositQuery());
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
