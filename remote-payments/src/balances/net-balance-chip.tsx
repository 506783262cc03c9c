import { formatKd, type Fils } from '@admin/shared/money';
import { Box } from '@admin/shared/ui';
import { StatusChip } from '@admin/shared/ui-kit';

/** Green when the customer's advance covers what they owe (>= 0), red when they owe more. The amount reads left to right in both languages. */
export function NetBalanceChip({ fils }: { fils: Fils }) {
  const status = fils >= 0 ? 'credit' : 'owing';
  return (
    <Box as="span" dir="ltr" display="inline-flex">
      <StatusChip status={status} label={formatKd(fils)} colorPalette={fils >= 0 ? 'green' : 'red'} />
    </Box>
  );
}
