import type { RemoteName } from '@admin/shared/contract';

/** How staff name each remote's area, e.g. in 'The Sales area is unavailable' (keys of the shell's catalogue). */
export const AREA_LABELS: Record<RemoteName, string> = {
  masters: 'area.masters',
  sales: 'area.sales',
  payments: 'area.payments',
};
