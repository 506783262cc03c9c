import { RESOURCES } from '@admin/shared/contract';
import { Navigate, Route, Routes } from '@admin/shared/router';
import { PaymentsPage } from './payments-page';
import { ReceiptPage } from './receipt-page';

/** /payments and each payment's printable receipt, /payments/:id/receipt. */
export function PaymentsArea() {
  return (
    <Routes>
      <Route index element={<PaymentsPage />} />
      <Route path=":id/receipt" element={<ReceiptPage />} />
      <Route path="*" element={<Navigate to={RESOURCES.payments.page} replace />} />
    </Routes>
  );
}
