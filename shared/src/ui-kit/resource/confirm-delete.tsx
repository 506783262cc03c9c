import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmDeleteProps {
  /** The record's name as staff know it; null closes the dialog. */
  name: string | null;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** 'Are you sure you want to delete "{name}"?' with Cancel and Delete; Delete waits for the call. */
export function ConfirmDelete({ name, onConfirm, onClose }: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Confirm Delete"
      message={`Are you sure you want to delete "${name ?? ''}"?`}
      confirmLabel="Delete"
      colorPalette="red"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
