import { RESOURCES } from '@admin/shared/contract';
import { Navigate, Route, Routes } from '@admin/shared/router';
import { AgingPage } from './aging-page';
import { StatementPage } from './statement-page';

/** /receivables-aging and a customer's statement, /receivables-aging/statement/:customerId. */
export function ReceivablesArea() {
  return (
    <Routes>
      <Route index element={<AgingPage />} />
      <Route path="statement/:customerId" element={<StatementPage />} />
      <Route path="*" element={<Navigate to={RESOURCES.receivables.page} replace />} />
    </Routes>
  );
}
