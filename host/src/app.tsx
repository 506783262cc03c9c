import { lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@admin/shared/query';
import { BrowserRouter, Navigate, Route, Routes } from '@admin/shared/router';
import { UiProvider } from '@admin/shared/ui';
import { LoginPage } from './auth/login-page';
import { RequireAuth } from './auth/require-auth';
import { RemotePage } from './platform/remote-page';
// `pnpm release` checks a new build in a headless page of this host through this probe.
import './platform/health-probe';
import { AUDIT_PAGE, PASSWORD_PAGE, PLATFORM_PAGE, REMOTE_ENTRIES, USERS_PAGE } from './shell/menu';
import { SessionEvents } from './auth/session-events';

// Everything after sign-in (the shell with its drawer and menus, the dashboard, the host's own
// pages, and through them '@admin/shared/ui-kit') is one chunk loaded when it is first needed, so
// the sign-in page's first load carries only the core UI facade.
const AppShell = lazy(() => import(/* webpackChunkName: "signed-in" */ './shell/app-shell').then((m) => ({ default: m.AppShell })));
const DashboardPage = lazy(() =>
  import(/* webpackChunkName: "signed-in" */ './dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const PlatformPage = lazy(() =>
  import(/* webpackChunkName: "signed-in" */ './platform/platform-page').then((m) => ({ default: m.PlatformPage })),
);
const UsersPage = lazy(() => import(/* webpackChunkName: "signed-in" */ './users/users-page').then((m) => ({ default: m.UsersPage })));
const AuditLogPage = lazy(() =>
  import(/* webpackChunkName: "signed-in" */ './audit/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
);
const PasswordPage = lazy(() =>
  import(/* webpackChunkName: "signed-in" */ './account/password-page').then((m) => ({ default: m.PasswordPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppShell />}>
          <Route index element={<DashboardPage />} />
          <Route path={PLATFORM_PAGE.path} element={<PlatformPage />} />
          <Route path={PASSWORD_PAGE.path} element={<PasswordPage />} />
          <Route path={USERS_PAGE.path} element={<UsersPage />} />
          <Route path={AUDIT_PAGE.path} element={<AuditLogPage />} />
          {/* Keyed by path: each page gets its own loader state, so one area's failure never shows on another's page. */}
          {REMOTE_ENTRIES.map((e) => (
            <Route key={e.path} path={`${e.path}/*`} element={<RemotePage key={e.path} remote={e.remote} path={e.path} />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <BrowserRouter>
          <SessionEvents />
          <AppRoutes />
        </BrowserRouter>
      </UiProvider>
    </QueryClientProvider>
  );
}
