import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useLanguage } from '@admin/shared/i18n';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { GLOBAL_CSS_ATTRIBUTE, system } from './system';
import { useToasterRegionShown } from './toaster';

// A region whose code cannot be loaded leaves toasts unseen rather than the page broken.
const AppToaster = lazy((): Promise<{ default: ComponentType }> =>
  import('./toaster-region').then(
    (m) => ({ default: m.AppToaster }),
    () => ({ default: () => null }),
  ),
);

/** Kuwait's locales: Chakra's menus, drawers and popovers lay themselves out right to left in Arabic. */
const LOCALES = { en: 'en-KW', ar: 'ar-KW' } as const;

/**
 * The system the provider is given: on a page that brings its global CSS, one whose global styles
 * are empty, so Chakra neither computes them (a lazy property, patches/@chakra-ui__react@3.37.0.patch) nor
 * inserts them again. A spread would read the lazy property; a prototype leaves it unread.
 */
function pageSystem(): typeof system {
  if (typeof document === 'undefined' || !document.querySelector(`style[${GLOBAL_CSS_ATTRIBUTE}]`)) return system;
  return Object.create(system, { _global: { value: [] } }) as typeof system;
}

/**
 * Chakra's design system, the language's direction, the light/dark choice and the toaster. Apps
 * render this once at their root.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const [value] = useState(pageSystem);
  const toasterShown = useToasterRegionShown();
  return (
    <ChakraProvider value={value}>
      <LocaleProvider locale={LOCALES[language]}>
        <ColorModeProvider>
          {children}
          {toasterShown && (
            <Suspense fallback={null}>
              <AppToaster />
            </Suspense>
          )}
        </ColorModeProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
