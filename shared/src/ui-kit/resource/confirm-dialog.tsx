import { Button, Dialog, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useKitT } from '../kit-texts';
import { DialogShell } from './dialog-shell';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'This will activate the scheduled invoice. Continue?'. */
  message: ReactNode;
  /** The confirming button's label. */
  confirmLabel: string;
  colorPalette?: string;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** A question with Cancel and a confirming button; the button waits for the call, and a failure keeps the dialog open. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  colorPalette,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useKitT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The failure was already shown (toast); the dialog stays so staff can try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    // While the call runs, closing (Escape, a click outside) waits for its answer.
    <DialogShell role="alertdialog" question open={open} title={title} onClose={() => !busy && onClose()}>
      <Dialog.Body>
        <Text>{message}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('action.cancel')}
        </Button>
        <Button colorPalette={colorPalette} onClick={confirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
