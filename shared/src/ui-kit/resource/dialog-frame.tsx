import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useKitT } from '../kit-texts';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Wider dialogs for forms with tables of lines. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False for forms, so a stray click outside does not throw away what was typed. */
  closeOnInteractOutside?: boolean;
  /** The body and footer; render them only while open, so every opening starts fresh. */
  children: ReactNode;
}

/**
 * A dialog's frame: title, close button, and whatever body and footer it is given. Below 'sm'
 * (600 px, a phone) it fills the screen, so a form's fields keep their full width.
 */
export function DialogFrame({ open, title, onClose, size, closeOnInteractOutside = true, children }: DialogFrameProps) {
  const t = useKitT();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={closeOnInteractOutside} size={{ base: 'full', sm: size ?? 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('action.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
