import { shareAreaContract } from '@admin/shared/area-contract';
import { registerMessages, useT } from '@admin/shared/i18n';

/** The Masters area's texts (its screens, route titles, search label and widgets), shipped with the area. */
export const MASTERS_NAMESPACE = 'masters';
registerMessages(
  MASTERS_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `./locales/${language}.json`),
);
// The contract's stale map and the areas' messages, which the host's shared modules do not carry.
shareAreaContract();

/** `t` of the Masters area's catalogue. */
export const useMastersT = () => useT(MASTERS_NAMESPACE);

/** A text of the catalogue by its key: what the forms' builders take (useMastersT's `t` in a screen). */
export type Translate = (key: string) => string;
