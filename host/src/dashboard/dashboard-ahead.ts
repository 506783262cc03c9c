import { rememberDashboardCalls } from '@admin/shared/api';
import { useAuth, type User } from '@admin/shared/auth';
import { CORE_PATHS, CORE_RESOURCES, REMOTE_NAMES } from '@admin/shared/contract';
import { LOGIN_PATH } from '../common/pages';
import { preloadWidgets } from '../common/remotes/remotes';

/** The dashboard comes next: it is the page open, or staff are signing in (which leads to it). */
const dashboardNext = () => ['/', LOGIN_PATH].includes(window.location.pathname);

function loadAhead(user: User | null) {
  // Someone with a temporary password goes to the password page, and the API refuses the rest.
  if (!user?._id || user.mustChangePassword || !dashboardNext()) return;
  // The query module loads here, not on the sign-in page (it also comes with the signed-in pages).
  const may = (permission: NonNullable<User['permissions']>[number]) => user.permissions?.includes(permission) ?? false;
  const readsSummary = may('dashboard.read');
  const readsCompany = may(CORE_RESOURCES.companySettings.permissions.update);
  // The next cold load of the dashboard asks for the same with the page (host/index.html), and for
  // the plain GETs the areas' widgets make first once their code has said which.
  const hostCalls = [
    ...(readsSummary ? [CORE_PATHS.dashboardSummary] : []),
    ...(readsCompany ? [CORE_RESOURCES.companySettings.path] : []),
  ];
  rememberDashboardCalls(hostCalls);
  if (readsSummary) {
    void import('@admin/shared/query').then(({ dashboardSummaryQuery, queryClient }) =>
      queryClient.prefetchQuery(dashboardSummaryQuery),
    );
  }
  // Whether the company-unset line shows above the page is known before the page paints, rather
  // than the line pushing the page down once it arrives.
  if (readsCompany) {
    void Promise.all([import('@admin/shared/query'), import('@admin/shared/ui-kit')]).then(
      ([{ queryClient }, { companySettingsQuery }]) => queryClient.prefetchQuery(companySettingsQuery),
    );
  }
  void Promise.all(REMOTE_NAMES.map(preloadWidgets)).then((areas) => {
    // Not for a user who signed out (or another who signed in) meanwhile.
    if (useAuth.getState().user?._id !== user._id) return;
    const widgetCalls = areas.flat().flatMap((widget) => (widget.earlyCall ? [widget.earlyCall] : []));
    rememberDashboardCalls([...hostCalls, ...widgetCalls]);
  });
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
