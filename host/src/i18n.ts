import { registerMessages, type useT } from '@admin/shared/i18n';

/** The shell's texts (menu, top bar, sign-in, the host's own pages), shipped with the host. */
export const SHELL_NAMESPACE = 'shell';
registerMessages(
  SHELL_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `./locales/${language}.json`),
);

/** What `useT(SHELL_NAMESPACE)` returns, for helpers that build texts for a component. */
export type Translate = ReturnType<typeof useT>;
