import { Navigate, Route, Routes } from '@admin/shared/router';
import { AgingPage } from './AgingPage';
import { StatementPage } from './StatementPage';

/** /receivables-aging and a customer's statement, /receivables-aging/statement/:customerId. */
export function ReceivablesArea() {
  return (
    <Routes>
      <Route index element={<AgingPage />} />
      <Route path="statement/:customerId" element={<StatementPage />} />
      <Route path="*" element={<Navigate to="/receivables-aging" replace />} />
    </Routes>
  );
}
