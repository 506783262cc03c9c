import { shareAreaContract } from '@admin/shared/area-contract';
import { i18n, registerMessages } from '@admin/shared/i18n';

/** The Sales area's texts (invoices, schedules, their widgets), shipped with this remote. */
export const SALES_NAMESPACE = 'sales';
registerMessages(
  SALES_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `./locales/${language}.json`),
);
// The contract's stale map and the areas' messages, which the host's shared modules do not carry.
shareAreaContract();

/**
 * A sales text in the active language outside a component, for configuration read while a screen
 * renders (a dialog's title, a schedule step's question); the screen itself re-renders on a change
 * of language through its own `useT`.
 */
export function salesText(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ...options, ns: SALES_NAMESPACE });
}
