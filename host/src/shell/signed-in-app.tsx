import { BrowserRouter, Navigate, Route, Routes } from '@admin/shared/router';
import { PasswordPage } from '../account/password-page';
import { TemporaryPasswordGuard } from '../auth/temporary-password-guard';
import {
  APPROVALS_PAGE,
  AUDIT_PAGE,
  COMPANY_PAGE,
  LOGIN_PATH,
  PASSWORD_PAGE,
  PLATFORM_PAGE,
  SENT_MAIL_PAGE,
  USERS_PAGE,
} from '../common/pages';
import { AreaRoute } from '../common/remotes/area-route';
import { DashboardPage } from '../dashboard/dashboard-page';
import { ApprovalsPage, AuditLogPage, CompanySettingsPage, PlatformPage, SentMailPage, UsersPage } from './host-pages';
import { SignedInShell } from './signed-in-shell';

/**
 * What staff use once signed in, with the router: the shell with its drawer and menus, the
 * dashboard, the host's own pages and the areas' pages as their releases declare them.
 */
export function SignedInApp() {
  return (
    <BrowserRouter>
      <Routes>
        {/* Signed in already: the sign-in page's address opens the dashboard. */}
        <Route path={LOGIN_PATH} element={<Navigate to="/" replace />} />
        <Route element={<TemporaryPasswordGuard />}>
          <Route element={<SignedInShell />}>
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
    </BrowserRouter>
  );
}
