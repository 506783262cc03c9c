import { RESOURCES } from '@admin/shared/contract';
import { Navigate, Route, Routes } from '@admin/shared/router';
import { CreditNotePrintPage } from './credit-note-print-page';
import { CreditNotesPage } from './credit-notes-page';

/** /credit-notes and its printable views, /credit-notes/:id/print. */
export function CreditNotesArea() {
  return (
    <Routes>
      <Route index element={<CreditNotesPage />} />
      <Route path=":id/print" element={<CreditNotePrintPage />} />
      <Route path="*" element={<Navigate to={RESOURCES.creditNotes.page} replace />} />
    </Routes>
  );
}
