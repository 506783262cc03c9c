import { useT } from '@admin/shared/i18n';
import { SALES_NAMESPACE } from '../i18n';

/** A recurring period in the active language: '1 Month', '3 Months'; 'شهر واحد', '3 أشهر'. */
export function usePeriodLabel(): (months: number) => string {
  const t = useT(SALES_NAMESPACE);
  return (months) => t('period', { count: months });
}
