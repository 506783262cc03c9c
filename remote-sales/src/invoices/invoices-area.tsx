import { RESOURCES } from '@admin/shared/contract';
import { Navigate, Route, Routes } from '@admin/shared/router';
import { InvoicePrintPage } from './invoice-print-page';
import { InvoicesPage } from './invoices-page';

/** /invoices and its printable views, /invoices/:id/print. */
export function InvoicesArea() {
  return (
    <Routes>
      <Route index element={<InvoicesPage />} />
      <Route path=":id/print" element={<InvoicePrintPage />} />
      <Route path="*" element={<Navigate to={RESOURCES.invoices.page} replace />} />
    </Routes>
  );
}
