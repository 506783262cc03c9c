import { Fragment, type ReactNode } from 'react';
import { directionOf, KIT_NAMESPACE, useLanguage, useT } from '@admin/shared/i18n';

/** `t` of the kit's own catalogue ('kit'): the texts of the shared UI. */
export const useKitT = () => useT(KIT_NAMESPACE);

/** The active language's writing direction, for what CSS cannot mirror by itself (which arrow to draw). */
export function useDirection(): 'ltr' | 'rtl' {
  return directionOf(useLanguage());
}

const SLOT = '\u0001';

/**
 * A catalogue text with React nodes in its placeholders, e.g. a name isolated in <bdi> inside an
 * Arabic sentence: `withParts((v) => t('confirmDelete.question', v), { name: <bdi>{name}</bdi> })`.
 * The sentence's word order stays the language's own.
 */
export function withParts(
  translate: (values: Record<string, string>) => string,
  parts: Record<string, ReactNode>,
): ReactNode {
  const text = translate(Object.fromEntries(Object.keys(parts).map((name) => [name, `${SLOT}${name}${SLOT}`])));
  // split with a capture group alternates text and placeholder names.
  return text
    .split(new RegExp(`${SLOT}(\\w+)${SLOT}`))
    .map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? parts[piece] : piece}</Fragment>);
}
