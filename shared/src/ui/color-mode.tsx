import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorModeChoice = 'system' | 'light' | 'dark';

/**
 * Light or dark, following the system preference until staff choose one in the user menu; the
 * choice is kept in this browser. next-themes puts the 'dark' class on <html>, which Chakra's
 * dark tokens follow, and sets color-scheme so the browser's own controls match.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      storageKey="color-mode"
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode(): {
  choice: ColorModeChoice;
  mode: 'light' | 'dark';
  choose: (choice: ColorModeChoice) => void;
} {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return {
    choice: (theme as ColorModeChoice | undefined) ?? 'system',
    mode: resolvedTheme === 'dark' ? 'dark' : 'light',
    choose: setTheme,
  };
}
