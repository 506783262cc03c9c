// The product's languages in the browser: one i18next instance for the whole page (a shared
// singleton, like the API client), fed by catalogues each app registers for its own namespace and
// ships with its own build, so a team releases its texts with its area. Only the active language's
// catalogues are loaded; switching language loads the other's and re-renders every text.
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '../contract/languages';
import { localizeMessage, type MessageCatalogue } from '../contract/messages';

export { LANGUAGES, directionOf, type Language } from '../contract/languages';

type Catalogue = Record<string, string>;
/**
 * Loads one language's catalogue of a namespace, usually
 * `(language) => import(/* webpackChunkName: "texts-[request]" *\/ `./locales/${language}.json`)`: every
 * catalogue of one language an app builds lands in its one file `texts-<language>-json.<hash>.js`, which
 * the page can ask for beside the code that needs it (docs/architecture.md, "The first load").
 */
export type CatalogueLoader = (language: Language) => Promise<Catalogue | { default: Catalogue }>;

/** Each namespace's catalogues: its owner's, then what other apps add to it (registerMessages again). */
const loaders = new Map<string, CatalogueLoader[]>();
const loaded = new Map<string, Catalogue>();
/** Why a namespace's catalogue last failed to load, by 'language/namespace' (gone once it loads). */
const failures = new Map<string, unknown>();

async function loadCatalogue(load: CatalogueLoader, language: Language): Promise<Catalogue> {
  const module = await load(language);
  return ('default' in module && typeof module.default === 'object' ? module.default : module) as Catalogue;
}

export const i18n = i18next.createInstance();
i18n
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const [owner, ...addedByAreas] = loaders.get(namespace) ?? [];
      if (!owner || !isLanguage(language)) throw new Error(`No catalogue for ${namespace} in ${language}`);
      const key = `${language}/${namespace}`;
      try {
        // The owner's catalogue decides whether the namespace loads. An area's addition that is
        // refused only leaves that area's words out: the area's own namespace, in the same file,
        // fails and reports it, and the owner's texts stay for every other screen.
        const catalogue = Object.assign(
          {},
          ...(await Promise.all([
            loadCatalogue(owner, language),
            ...addedByAreas.map((load) => loadCatalogue(load, language).catch(() => ({}))),
          ])),
        );
        loaded.set(key, catalogue);
        failures.delete(key);
        return catalogue;
      } catch (error) {
        failures.set(key, error);
        throw error;
      }
    }),
  )
  .use(initReactI18next);
// The page's lang and dir follow the language before any screen re-renders for it (this listener
// is the first one): amounts formatted in a render (formatKd reads the page's language) switch
// with the texts at once, not at the next reload.
i18n.on('languageChanged', (language: string) => {
  if (isLanguage(language)) applyToDocument(language);
});

/**
 * Texts being added to namespaces already loaded (registerMessages): a screen that renders before
 * they are in shows their keys until it renders again, so registeredTextsLoaded waits for them.
 */
const additions = new Set<Promise<unknown>>();

/**
 * Makes a namespace's texts available: `useT(namespace)` loads the active language's catalogue on
 * first use (suspending until it is there). Call once at the top of the module that owns the texts.
 * Registering a namespace again adds to it: an area brings the contract messages and the labels
 * of what it added (its resources' permissions, audit entries) to the page's shared namespaces,
 * so the host's copy of them needs no entry for a new area's texts.
 */
export function registerMessages(namespace: string, loader: CatalogueLoader): void {
  loaders.set(namespace, [...(loaders.get(namespace) ?? []), loader]);
  if (!i18n.isInitialized) return;
  // An area registers its texts as its module loads: they load alongside its pages' code instead
  // of after the first page suspends on them. Texts added to a namespace that is already loaded
  // (or loading) join it once it is there.
  // In every language the namespace is already held in, not only the active one: a language
  // switched to again is not loaded again, so it would lack what was added while it was away.
  const active = currentLanguage();
  const adding = i18n.loadNamespaces(namespace).then(() =>
    Promise.all(
      LANGUAGES.filter((language) => language === active || i18n.hasResourceBundle(language, namespace)).map(
        async (language) => {
          const added = await loadCatalogue(loader, language);
          const key = `${language}/${namespace}`;
          loaded.set(key, { ...loaded.get(key), ...added });
          i18n.addResourceBundle(language, namespace, added, true, true);
        },
      ),
    ),
  );
  additions.add(adding);
  const settled = () => additions.delete(adding);
  adding.then(settled, settled);
}

/** What a namespace holds in the active language so far (the audit log lists the kinds of entry it can name). */
export function loadedCatalogue(namespace: string): Readonly<Catalogue> {
  return loaded.get(`${currentLanguage()}/${namespace}`) ?? {};
}

/**
 * Resolves once every namespace registered so far is loaded in the active language: what was just
 * loaded (an area's dashboard widgets) then renders its texts at once instead of suspending.
 */
export async function registeredTextsLoaded(): Promise<void> {
  // A catalogue that fails to load is reported where its texts are used, not here.
  if (!i18n.isInitialized) return;
  await i18n.loadNamespaces([...loaders.keys()]).catch(() => undefined);
  await Promise.all([...additions].map((adding) => adding.catch(() => undefined)));
}

/**
 * Loads a namespace's catalogue in the active language, and rejects with the reason when it could
 * not be loaded (a file refused or gone): i18next's own loadNamespaces resolves either way, and its
 * texts would then show as their keys.
 */
export async function loadTexts(namespace: string): Promise<void> {
  await i18n.loadNamespaces(namespace);
  const failure = failures.get(`${currentLanguage()}/${namespace}`);
  if (failure) throw failure;
}

/** Every namespace registered so far (tests load them all before rendering). */
export function registeredNamespaces(): string[] {
  return [...loaders.keys()];
}

/**
 * Validation and conflict messages of the contract (keyed by their English text): here its core
 * part (the host's forms, common rules); each area adds the messages of its own resources.
 */
export const MESSAGES_NAMESPACE = 'messages';
registerMessages(
  MESSAGES_NAMESPACE,
  (language) => import(/* webpackChunkName: "texts-[request]" */ `../contract/locales/${language}.json`),
);
/**
 * Texts of the shared UI (the kit, the toasts' region): buttons, dialogs, pagers, empty states.
 * Only signed-in pages show them, so they travel in the file of the signed-in pages' texts, not
 * the sign-in page's.
 */
export const KIT_NAMESPACE = 'kit';
registerMessages(
  KIT_NAMESPACE,
  (language) => import(/* webpackChunkName: "signed-in-texts-[request]" */ `../ui-kit/locales/${language}.json`),
);

/** localStorage key of the language chosen on this browser (before sign-in too). */
export const LANGUAGE_STORAGE_KEY = 'admin.language';

/** The language chosen on this browser, else the browser's own when the product speaks it, else English. */
export function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return pickLanguage(globalThis.navigator?.languages ?? []);
}

function applyToDocument(language: Language): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = language;
  root.dir = directionOf(language);
}

/**
 * Starts the page's i18n in the initial language with the namespaces the first screen needs
 * loaded; the others load as their screens are first drawn.
 */
export async function startI18n(namespaces: string[], language: Language = initialLanguage()): Promise<void> {
  applyToDocument(language);
  if (i18n.isInitialized) {
    await i18n.loadNamespaces(namespaces);
    return;
  }
  await i18n.init({
    lng: language,
    // Only the active language is loaded: a missing text is a defect the catalogue test catches.
    fallbackLng: false,
    supportedLngs: ['en', 'ar'],
    ns: [MESSAGES_NAMESPACE, ...namespaces],
    defaultNS: namespaces[0] ?? MESSAGES_NAMESPACE,
    // Flat catalogues: keys are 'customers.add', and message keys are whole English sentences.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes what it renders
    // useT([a, b]) looks a key up in a, then b (the default reads a alone).
    react: { useSuspense: true, nsMode: 'fallback' },
  });
}

/** Switches every screen to `language` once its texts are loaded, and remembers the choice on this browser. */
export async function setLanguage(language: Language): Promise<void> {
  if (language === i18n.language) return;
  await i18n.changeLanguage(language);
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The active language; components using it re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, () => DEFAULT_LANGUAGE);
}

/** The active language outside React (e.g. a request header). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function subscribeToTexts(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  i18n.store.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.store.off('added', onChange);
  };
}

/**
 * What follows `prefix` in the keys a namespace holds in the active language ('audit.entity.' ->
 * ['user', 'invoice', …]); components using it re-render as apps add texts to the namespace.
 */
export function useCatalogueKeys(namespace: string, prefix: string): string[] {
  const keys = useSyncExternalStore(
    subscribeToTexts,
    () =>
      Object.keys(loadedCatalogue(namespace))
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length))
        .join('\n'),
    () => '',
  );
  return useMemo(() => (keys ? keys.split('\n') : []), [keys]);
}

/**
 * `t` of a namespace: `const t = useT('masters'); t('customers.add')`. Given several, a key is
 * looked up in each in turn.
 */
export function useT(namespace: string | string[]) {
  return useTranslation(namespace).t;
}

/**
 * Puts a contract message ('At most 3 decimals', what a form's schema or the API said) in the
 * active language. The API already answers in the request's language; this is for what the
 * browser's own schemas say.
 */
export function useLocalizeMessage(): (message: string) => string {
  const { i18n: instance } = useTranslation(MESSAGES_NAMESPACE);
  const language = instance.language;
  return useCallback(
    (message: string) =>
      localizeMessage(message, (loaded.get(`${language}/${MESSAGES_NAMESPACE}`) ?? {}) as MessageCatalogue),
    [language],
  );
}
