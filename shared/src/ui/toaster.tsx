import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { KIT_NAMESPACE, useT } from '@admin/shared/i18n';

export const TOAST_MAX = 20;
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 4000;

/** The page's one toaster: the host renders it, every remote adds to it through the shared facade. */
export const toaster = createToaster({ placement: 'top-end', max: TOAST_MAX, pauseOnPageIdle: true });

export function notifySuccess(message: string): void {
  toaster.create({ type: 'success', title: message, duration: SUCCESS_TOAST_MS, closable: true });
}

/**
 * One toast per failure: the same message again (a 401 answered to every call a page had in
 * flight) renews the toast on screen rather than stacking a copy under it.
 */
export function notifyError(message: string): void {
  toaster.create({ id: `error:${message}`, type: 'error', title: message, duration: ERROR_TOAST_MS, closable: true });
}

/** Dismisses the error toasts on screen, e.g. a failed sign-in's once the next one succeeds. */
export function dismissErrors(): void {
  for (const toast of toaster.getVisibleToasts()) if (toast.type === 'error' && toast.id) toaster.remove(toast.id);
}

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
