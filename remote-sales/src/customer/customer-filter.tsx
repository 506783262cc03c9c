import { CustomerPicker, type FilterConfig } from '@admin/shared/ui-kit';

/** The list filter by customer, searched on the server as staff type. */
export const CUSTOMER_FILTER: FilterConfig = {
  name: 'customer',
  label: 'Customer',
  render: (value, onChange) => (
    <CustomerPicker
      aria-label="Customer"
      placeholder="All Customers"
      clearable
      minW="220px"
      maxW="xs"
      value={value}
      onChange={(customer) => onChange(customer?._id ?? '')}
    />
  ),
};
