import { formatKd } from '@admin/shared/money';
import { StatusChip } from '@admin/shared/ui-kit';

/** Green when the customer's advance covers what they owe (>= 0), red when they owe more. */
export function NetBalanceChip({ fils }: { fils: number }) {
  const status = fils >= 0 ? 'credit' : 'owing';
  return <StatusChip status={status} label={formatKd(fils)} colorPalette={fils >= 0 ? 'green' : 'red'} />;
}
