// What a release of an area serves, in the shape platform.json carries (AreaSummary): its pages'
// paths, menu places and permissions, and their texts in every language. Made at build time from
// the area's page declarations and its catalogues (shared/area-summary.ts), so the host can draw an
// area's menu entries before the area's code has loaded, or when it cannot load at all.
import { LANGUAGES, type Language } from './contract/languages';
import type { AreaSummary, LocalText } from './contract/platform';
import type { MenuGroupDeclaration, PageDeclaration } from './remote';

export type Catalogues = Record<Language, Record<string, string>>;

/** A key's text in every language; a key missing from a catalogue fails the build rather than ship a raw key. */
function localText(catalogues: Catalogues, key: string): LocalText {
  const text = (language: Language) => {
    const found = catalogues[language][key];
    if (found === undefined) throw new Error(`The ${language} catalogue has no text for "${key}"`);
    return found;
  };
  return Object.fromEntries(LANGUAGES.map((language) => [language, text(language)])) as LocalText;
}

export function summarizeArea(
  pages: readonly PageDeclaration[],
  groups: readonly MenuGroupDeclaration[],
  catalogues: Catalogues,
): AreaSummary {
  return {
    pages: pages.map(({ path, title, permission, menu }) => ({
      path,
      label: localText(catalogues, menu?.label ?? title),
      ...(permission ? { permission } : {}),
      ...(menu ? { menu: { ...(menu.group ? { group: menu.group } : {}), order: menu.order } } : {}),
    })),
    ...(groups.length
      ? { groups: groups.map(({ id, label, order }) => ({ id, label: localText(catalogues, label), order })) }
      : {}),
  };
}
