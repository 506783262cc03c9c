import { CUSTOMER_STATUSES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { FilterSelect } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { usePaymentLabels } from './payment-labels';

/** A list of customers filtered by their status (the balances, the aging report): 'All Status' while empty. */
export function CustomerStatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const { customerStatusLabel } = usePaymentLabels();
  return (
    <FilterSelect
      label={t('columns.status')}
      allLabel={t('filters.allStatus')}
      options={CUSTOMER_STATUSES.map((status) => ({ value: status, label: customerStatusLabel(status) }))}
      value={value}
      onChange={onChange}
    />
  );
}
