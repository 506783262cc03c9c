import { createKeys } from '@admin/shared/query';

/**
 * Lists of other areas that show masters data (customer names on invoices, payments and balances;
 * counts and recent products on the dashboard), so a change here refreshes them too.
 */
export const CUSTOMER_DEPENDENTS = ['invoices', 'scheduled-invoices', 'payments', 'customer-balances', 'dashboard'].map(
  (name) => createKeys(name).all,
);
export const PRODUCT_DEPENDENTS = ['invoices', 'scheduled-invoices', 'dashboard'].map((name) => createKeys(name).all);
