import { createKeys } from '@admin/shared/query';

export const paymentKeys = createKeys('payments');
export const invoiceKeys = createKeys('invoices');
export const balanceKeys = createKeys('customer-balances');
/** The aging report and the customers' statements. */
export const receivableKeys = createKeys('receivables');

/**
 * Everything a payment, a refund or a deleted payment changes: the payments, the invoices it
 * settled (paid amounts, statuses), the customers' balances and the dashboard's figures.
 */
export const MONEY_DEPENDENTS = [paymentKeys.all, invoiceKeys.all, balanceKeys.all, receivableKeys.all, createKeys('dashboard').all];
