import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { KIT_NAMESPACE, useT } from '@admin/shared/i18n';
import { toaster } from './toaster';

/** The toasts' region: loaded on its own, once it is wanted (showToasterRegion). */
export function AppToaster() {
  const t = useT(KIT_NAMESPACE);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('toast.region')}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('toast.dismiss')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
