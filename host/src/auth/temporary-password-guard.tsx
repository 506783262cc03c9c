import { Suspense } from 'react';
import { useAuth } from '@admin/shared/auth';
import { Navigate, Outlet, useLocation } from '@admin/shared/router';
import { PASSWORD_PAGE } from '../common/pages';
import { FullPageSpinner } from './full-page-spinner';

/**
 * Every signed-in page: someone signed in with a temporary password goes to the password page, and
 * stays there until it is changed (the API refuses everything else meanwhile); the page's code
 * loads behind the spinner. Without a session no page is routed at all (app.tsx).
 */
export function TemporaryPasswordGuard() {
  const mustChangePassword = useAuth((s) => s.user?.mustChangePassword ?? false);
  const { pathname } = useLocation();
  if (mustChangePassword && pathname !== PASSWORD_PAGE.path) return <Navigate to={PASSWORD_PAGE.path} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
