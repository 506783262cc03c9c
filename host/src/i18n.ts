import { registerMessages, type useT } from '@admin/shared/i18n';

/**
 * The texts the sign-in page and every page's frame show before anyone is signed in (the sign-in
 * form, the language switch, loading, the areas' names and states), shipped with the host.
 */
export const SHELL_NAMESPACE = 'shell';
registerMessages(
  SHELL_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `./locales/${language}.json`),
);

/**
 * The signed-in pages' texts (menu, top bar, dashboard, the host's own pages): a file of their own
 * per language, with the kit's (shared/src/i18n), loaded with those pages, so the sign-in page does
 * not carry them.
 */
export const SIGNED_IN_NAMESPACE = 'signed-in';
registerMessages(
  SIGNED_IN_NAMESPACE,
  (language) => import(/* webpackChunkName: "signed-in-texts-[request]" */ `./signed-in/locales/${language}.json`),
);

/** What a signed-in page's `useT` reads: its own texts, then the shell's (an area's name, a page's title). */
export const SIGNED_IN_TEXTS = [SIGNED_IN_NAMESPACE, SHELL_NAMESPACE];

/** What `useT(SIGNED_IN_TEXTS)` returns, for helpers that build texts for a component. */
export type Translate = ReturnType<typeof useT>;
