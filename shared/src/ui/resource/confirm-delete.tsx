import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';

export interface ConfirmDeleteProps {
  /** The record's name as staff know it; null closes the dialog. */
  name: string | null;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** 'Are you sure you want to delete "{name}"?' with Cancel and Delete; Delete waits for the call. */
export function ConfirmDelete({ name, onConfirm, onClose }: ConfirmDeleteProps) {
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
    <Dialog.Root role="alertdialog" open={name !== null} onOpenChange={(e) => !e.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Confirm Delete</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Are you sure you want to delete "{name}"?</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={busy}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
