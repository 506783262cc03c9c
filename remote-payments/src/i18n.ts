import { shareAreaContract } from '@admin/shared/area-contract';
import { registerMessages } from '@admin/shared/i18n';

/** The Payments area's texts (payments, balances, receivables, its widgets), shipped with this remote. */
export const PAYMENTS_NAMESPACE = 'payments';
registerMessages(
  PAYMENTS_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `./locales/${language}.json`),
);
// The contract's stale map and the areas' messages, which the host's shared modules do not carry.
shareAreaContract();
