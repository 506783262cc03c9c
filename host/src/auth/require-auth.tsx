import { Suspense } from 'react';
import { useAuth } from '@admin/shared/auth';
import { Navigate, Outlet, useLocation } from '@admin/shared/router';
import { PASSWORD_PAGE } from '../common/pages';
import { FullPageSpinner } from './full-page-spinner';

/**
 * Every route but /login: a visitor without a session goes to /login; someone signed in with a
 * temporary password goes to the password page, and stays there until it is changed (the API
 * refuses everything else meanwhile); the signed-in shell loads behind the spinner.
 */
export function RequireAuth() {
  const loading = useAuth((s) => s.loading);
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const mustChangePassword = useAuth((s) => s.user?.mustChangePassword ?? false);
  const { pathname } = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  if (mustChangePassword && pathname !== PASSWORD_PAGE.path) return <Navigate to={PASSWORD_PAGE.path} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
