import { createKeys } from '@admin/shared/query';

export const invoiceKeys = createKeys('invoices');
export const scheduleKeys = createKeys('scheduled-invoices');
const paymentKeys = createKeys('payments');
const balanceKeys = createKeys('customer-balances');
const dashboardKeys = createKeys('dashboard');
/** The aging report and the customers' statements. */
const receivableKeys = createKeys('receivables');

/**
 * What an invoice change makes stale besides the invoices: a Cash invoice records its payment,
 * totals feed the balances, the receivables and the dashboard, and schedules list the invoices they generated.
 */
export const INVOICE_DEPENDENTS = [paymentKeys.all, balanceKeys.all, receivableKeys.all, dashboardKeys.all, scheduleKeys.all];

/** A generated invoice: the schedules (list, due card, counts), the invoices, balances and dashboard. */
export const GENERATE_DEPENDENTS = [scheduleKeys.all, invoiceKeys.all, balanceKeys.all, receivableKeys.all, dashboardKeys.all];
