import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppToaster } from './toaster';

/** Chakra's design system plus the toaster. Apps render this once at their root. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      {children}
      <AppToaster />
    </ChakraProvider>
  );
}
