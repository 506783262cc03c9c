import { Center, CloseButton, Dialog, Portal, Spinner } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { useKitT } from '../kit-texts';

export interface DialogShellProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Wider dialogs for forms with tables of lines. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False for forms, so a stray click outside does not throw away what was typed. */
  closeOnInteractOutside?: boolean;
  /** 'alertdialog' for a question that needs an answer (confirmations). */
  role?: 'dialog' | 'alertdialog';
  /**
   * A question keeps its size on a phone and has no close button: Cancel answers it. Every other
   * dialog fills a phone's screen, so a form's fields keep their full width.
   */
  question?: boolean;
  /** The body and footer; render them only while open, so every opening starts fresh. */
  children: ReactNode;
}

/**
 * The frame every dialog of the kit opens in: the title, the close button, and whatever body and
 * footer it is given. Build a dialog's content in it (a form in it is a `DialogFormBody`; a whole
 * add/edit form from a schema is a `SchemaFormDialog`, which opens in it too).
 */
export function DialogShell({
  open,
  title,
  onClose,
  size = 'md',
  closeOnInteractOutside = true,
  role,
  question = false,
  children,
}: DialogShellProps) {
  const t = useKitT();
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={closeOnInteractOutside}
      // Below 'sm' (600 px, a phone) a dialog fills the screen.
      size={question ? size : { base: 'full', sm: size }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* A form's first opening may wait for the form library (form-library.ts): the dialog
                shows its frame and a spinner, and the page stays as it is. */}
            <Suspense
              fallback={
                <Dialog.Body>
                  <Center py="8">
                    <Spinner role="status" aria-label={t('common.loading')} />
                  </Center>
                </Dialog.Body>
              }
            >
              {children}
            </Suspense>
            {!question && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('action.close')} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
