import { CustomerFilter, type FilterConfig } from '@admin/shared/ui-kit';

/** The invoice and schedule lists' filter by customer, in the address as 'customer'. */
export const CUSTOMER_FILTER: FilterConfig = {
  name: 'customer',
  label: 'Customer',
  render: (value, onChange) => <CustomerFilter value={value} onChange={onChange} />,
};
