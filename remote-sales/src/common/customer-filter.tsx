import { useT } from '@admin/shared/i18n';
import { CustomerFilter, type FilterConfig } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';

/** The invoice and schedule lists' filter by customer, in the address as 'customer'. */
export function useCustomerFilter(): FilterConfig {
  const t = useT(SALES_NAMESPACE);
  return {
    name: 'customer',
    label: t('fields.customer'),
    render: (value, onChange) => <CustomerFilter value={value} onChange={onChange} />,
  };
}
