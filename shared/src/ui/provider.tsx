import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { system } from './system';
import { AppToaster } from './toaster';

/** Chakra's design system, the light/dark choice and the toaster. Apps render this once at their root. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <AppToaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
