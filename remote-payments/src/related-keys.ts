import { createKeys } from '@admin/shared/query';

export const paymentKeys = createKeys('payments');
export const invoiceKeys = createKeys('invoices');
export const balanceKeys = createKeys('customer-balances');

/**
 * Everything a payment, a refund or a deleted payment changes: the payments, the invoices it
 * settled (paid amounts, statuses), the customers' balances and the dashboard's figures.
 */
export const MONEY_DEPENDENTS = [paymentKeys.all, invoiceKeys.all, balanceKeys.all, createKeys('dashboard').all];
