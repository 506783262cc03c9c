import { loadApiClient } from '@admin/shared/api';
import { KIT_NAMESPACE, loadTexts } from '@admin/shared/i18n';
import { lazyPage } from '@admin/shared/remote';
import { BrowserRouter, Route, Routes } from '@admin/shared/router';
import { showToasterRegion, UiProvider } from '@admin/shared/ui';
import { LoginPage } from './auth/login-page';
import { RequireAuth } from './auth/require-auth';
import { AreaRoute } from './common/remotes/area-route';
// `pnpm release` checks a new build in a headless page of this host through this probe.
import './platform/health-probe';
import {
  APPROVALS_PAGE,
  AUDIT_PAGE,
  COMPANY_PAGE,
  PASSWORD_PAGE,
  PLATFORM_PAGE,
  SENT_MAIL_PAGE,
  USERS_PAGE,
} from './common/pages';
import { SessionEvents } from './auth/session-events';
import { SIGNED_IN_NAMESPACE } from './i18n';

// Everything after sign-in (the shell with its drawer and menus, the dashboard, the host's own
// pages, and through them '@admin/shared/ui-kit') is one chunk loaded when it is first needed, so
// the sign-in page's first load carries only the core UI facade, and no TanStack Query: the shell
// brings the query client's provider (signed-in-shell.tsx). Loaded ahead (preloadSignedIn),
// the pages render at once instead of behind the full-page spinner.
const signedIn = {
  AppShell: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './shell/signed-in-shell').then((m) => m.SignedInShell),
  ),
  DashboardPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './dashboard/dashboard-page').then((m) => m.DashboardPage),
  ),
  PlatformPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './platform/platform-page').then((m) => m.PlatformPage),
  ),
  UsersPage: lazyPage(() => import(/* webpackChunkName: "signed-in" */ './users/users-page').then((m) => m.UsersPage)),
  AuditLogPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './audit/audit-log-page').then((m) => m.AuditLogPage),
  ),
  SentMailPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './mail/sent-mail-page').then((m) => m.SentMailPage),
  ),
  ApprovalsPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './approvals/approvals-page').then((m) => m.ApprovalsPage),
  ),
  PasswordPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './account/password-page').then((m) => m.PasswordPage),
  ),
  CompanySettingsPage: lazyPage(() =>
    import(/* webpackChunkName: "signed-in" */ './company/company-settings-page').then((m) => m.CompanySettingsPage),
  ),
};
const AppShell = signedIn.AppShell.Component;
const DashboardPage = signedIn.DashboardPage.Component;
const PlatformPage = signedIn.PlatformPage.Component;
const UsersPage = signedIn.UsersPage.Component;
const AuditLogPage = signedIn.AuditLogPage.Component;
const SentMailPage = signedIn.SentMailPage.Component;
const ApprovalsPage = signedIn.ApprovalsPage.Component;
const PasswordPage = signedIn.PasswordPage.Component;
const CompanySettingsPage = signedIn.CompanySettingsPage.Component;

/**
 * Starts loading everything after sign-in, and puts the toasts' region on the page: at start for a
 * stored session, on the first keystroke in the sign-in form otherwise.
 */
export function preloadSignedIn(): void {
  loadApiClient().catch(() => undefined);
  for (const namespace of [SIGNED_IN_NAMESPACE, KIT_NAMESPACE]) loadTexts(namespace).catch(() => undefined);
  showToasterRegion();
  for (const page of Object.values(signedIn)) page.preload().catch(() => undefined);
}

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
          <Route path={SENT_MAIL_PAGE.path} element={<SentMailPage />} />
          <Route path={APPROVALS_PAGE.path} element={<ApprovalsPage />} />
          <Route path={COMPANY_PAGE.path} element={<CompanySettingsPage />} />
          {/* Every other path: the areas' pages, as their releases declare them. */}
          <Route path="*" element={<AreaRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <UiProvider>
      <BrowserRouter>
        <SessionEvents />
        <AppRoutes />
      </BrowserRouter>
    </UiProvider>
  );
}
