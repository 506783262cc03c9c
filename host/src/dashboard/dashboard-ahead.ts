import { useAuth, type User } from '@admin/shared/auth';
import { REMOTE_NAMES } from '@admin/shared/contract';
import { preloadWidgets } from '../common/remotes/remotes';

/** The dashboard comes next: it is the page open, or staff are signing in (which leads to it). */
const dashboardNext = () => ['/', '/login'].includes(window.location.pathname);

function loadAhead(user: User | null) {
  // Someone with a temporary password goes to the password page, and the API refuses the rest.
  if (!user?._id || user.mustChangePassword || !dashboardNext()) return;
  // The query module loads here, not on the sign-in page (it also comes with the signed-in pages).
  if (user.permissions?.includes('dashboard.read')) {
    void import('@admin/shared/query').then(({ dashboardSummaryQuery, queryClient }) =>
      queryClient.prefetchQuery(dashboardSummaryQuery),
    );
  }
  for (const name of REMOTE_NAMES) preloadWidgets(name);
}

/**
 * As soon as the profile is in (at start for a stored session, or on signing in) and the dashboard
 * comes next, its summary and every area's widgets start loading together with the signed-in
 * pages, instead of one after the other once the dashboard renders.
 */
export function loadDashboardAhead(): void {
  loadAhead(useAuth.getState().user);
  useAuth.subscribe((state, previous) => {
    if (state.user?._id !== previous.user?._id) loadAhead(state.user);
  });
}
