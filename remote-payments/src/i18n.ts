import { registerMessages } from '@admin/shared/i18n';

/** The Payments area's texts (payments, balances, receivables, its widgets), shipped with this remote. */
export const PAYMENTS_NAMESPACE = 'payments';
registerMessages(PAYMENTS_NAMESPACE, (language) => import(`./locales/${language}.json`));
