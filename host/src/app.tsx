import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@admin/shared/query';
import { BrowserRouter, Navigate, Route, Routes } from '@admin/shared/router';
import { UiProvider } from '@admin/shared/ui';
import { LoginPage } from './auth/login-page';
import { RequireAuth } from './auth/require-auth';
import { DashboardPage } from './dashboard/dashboard-page';
import { RemotePage } from './platform/remote-page';
import { AppShell } from './shell/app-shell';
import { PLATFORM_PAGE, REMOTE_ENTRIES } from './shell/menu';
import { PlatformPage } from './platform/platform-page';
import { SessionEvents } from './auth/session-events';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppShell />}>
          <Route index element={<DashboardPage />} />
          <Route path={PLATFORM_PAGE.path} element={<PlatformPage />} />
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
