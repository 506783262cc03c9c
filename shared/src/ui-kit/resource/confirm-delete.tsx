import { useKitT } from '../kit-texts';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmDeleteProps {
  /** The record's name as staff know it; null closes the dialog. */
  name: string | null;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** 'Are you sure you want to delete "{name}"?' with Cancel and Delete; Delete waits for the call. */
export function ConfirmDelete({ name, onConfirm, onClose }: ConfirmDeleteProps) {
  const t = useKitT();
  return (
    <ConfirmDialog
      open={name !== null}
      title={t('confirmDelete.title')}
      message={t('confirmDelete.question', { name: name ?? '' })}
      confirmLabel={t('action.delete')}
      colorPalette="red"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
