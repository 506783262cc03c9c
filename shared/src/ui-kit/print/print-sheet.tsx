import { Alert, Box, Button, Center, HStack, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PrintIcon } from '@admin/shared/ui';
import { Link } from '@admin/shared/router';
import { useScreenPrintText } from './print-texts';

// On paper only the sheet shows: the shell around it (menu, top bar) and the toolbar are hidden,
// and the sheet's ancestors lose their spacing so it starts at the page's margin, on A4.
const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
@media print {
  body *:not(:has([data-print-sheet])):not([data-print-sheet]):not([data-print-sheet] *) { display: none !important; }
  body *:has([data-print-sheet]) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important;
    width: auto !important; max-width: none !important; min-height: 0 !important;
    position: static !important; overflow: visible !important; background: none !important;
  }
  [data-print-sheet] { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
}`;

export interface PrintPageProps {
  /** Where the Back button goes, and its label ('Back to Invoices'); none on a page of its own. */
  back?: { to: string; label: string };
  /** The document to print: loading shows a spinner, an error its message. */
  state: 'loading' | 'error' | 'ready';
  errorText: string;
  /** More toolbar buttons (a CSV download), before Print; hidden on paper. */
  actions?: ReactNode;
  /** Controls above the sheet (a period), hidden on paper. */
  toolbar?: ReactNode;
  children?: ReactNode;
}

/** A printable document's page: Back, the actions and Print above an A4 sheet that alone goes on paper. */
export function PrintPage({ back, state, errorText, actions, toolbar, children }: PrintPageProps) {
  const t = useScreenPrintText();
  return (
    <Box>
      <style>{PRINT_CSS}</style>
      <HStack justify={back ? 'space-between' : 'end'} mb="4" wrap="wrap" gap="2">
        {back && (
          <Button asChild variant="outline" size="sm">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        )}
        <HStack gap="2" wrap="wrap">
          {actions}
          <Button size="sm" onClick={() => window.print()} disabled={state !== 'ready'}>
            <PrintIcon /> {t('print')}
          </Button>
        </HStack>
      </HStack>
      {toolbar}
      {state === 'loading' ? (
        <Center py="16">
          <Spinner role="status" aria-label={t('loading')} />
        </Center>
      ) : state === 'error' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText}</Alert.Title>
        </Alert.Root>
      ) : (
        children
      )}
    </Box>
  );
}

/** The A4 sheet itself, named for assistive technology ('Invoice INV-000042'). */
export function PrintSheet({
  label,
  lang,
  dir,
  ready = true,
  children,
}: {
  label: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  ready?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      as="article"
      data-print-sheet
      data-print-ready={ready ? '' : undefined}
      aria-label={label}
      lang={lang}
      dir={dir}
      // Paper is white whatever the screen's theme: the sheet takes the light theme's colours
      // (Chakra's `light` scope) and sets its own text and background from them.
      className="chakra-theme light"
      bg="bg"
      color="fg"
      borderWidth="1px"
      rounded="md"
      p={{ base: '4', md: '8' }}
      maxW="210mm"
      mx="auto"
    >
      {children}
    </Box>
  );
}
