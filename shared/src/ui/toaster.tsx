import { createToaster } from '@chakra-ui/react';
import { create } from 'zustand';

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

const useRegion = create(() => ({ shown: false }));

/**
 * Puts the toasts' region on the page from now on. Its code (the toast machines and their
 * dismissal, 15 KB compressed) is not part of the sign-in page: the region comes with the first
 * toast, or earlier with the signed-in pages' preload (the first keystroke in the sign-in form),
 * so it is already there for screen readers when a failed sign-in's toast arrives.
 */
export function showToasterRegion(): void {
  if (!useRegion.getState().shown) useRegion.setState({ shown: true });
}

// Never unsubscribed: the store calls its subscribers in a loop that one leaving would cut short,
// and the region's own subscriber would miss that toast.
toaster.subscribe(() => showToasterRegion());

/** Whether the toasts' region is on the page (UiProvider renders it then). */
export const useToasterRegionShown = () => useRegion((state) => state.shown);
