import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useLanguage } from '@admin/shared/i18n';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { system } from './system';
import { AppToaster } from './toaster';

/** Kuwait's locales: Chakra's menus, drawers and popovers lay themselves out right to left in Arabic. */
const LOCALES = { en: 'en-KW', ar: 'ar-KW' } as const;

/**
 * Chakra's design system, the language's direction, the light/dark choice and the toaster. Apps
 * render this once at their root.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={LOCALES[language]}>
        <ColorModeProvider>
          {children}
          <AppToaster />
        </ColorModeProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
