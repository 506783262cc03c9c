import { Suspense } from 'react';
import { useAuth } from '@admin/shared/auth';
import { Navigate, Outlet } from '@admin/shared/router';
import { FullPageSpinner } from './full-page-spinner';

/** Every route but /login: a visitor without a session goes to /login; the signed-in shell loads behind the spinner. */
export function RequireAuth() {
  const loading = useAuth((s) => s.loading);
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
