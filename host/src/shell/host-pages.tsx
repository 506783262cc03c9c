import { lazyPage } from '@admin/shared/remote';

// The host's own pages reached from the user menu and the command palette are a file of their own
// ("host-pages"): the dashboard, where everyone lands, is drawn without them. They load as staff
// reach for them (the user menu pointed at, focused or opened; the palette opened), so a choice
// there usually renders at once; a page opened by its address waits for them in the shell's
// frame. The password page stays with the signed-in pages: a temporary password leads straight to
// it after sign-in.
const pages = {
  PlatformPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../platform/platform-page').then((m) => m.PlatformPage),
  ),
  UsersPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../users/users-page').then((m) => m.UsersPage),
  ),
  AuditLogPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../audit/audit-log-page').then((m) => m.AuditLogPage),
  ),
  SentMailPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../mail/sent-mail-page').then((m) => m.SentMailPage),
  ),
  ApprovalsPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../approvals/approvals-page').then((m) => m.ApprovalsPage),
  ),
  CompanySettingsPage: lazyPage(() =>
    import(/* webpackChunkName: "host-pages" */ '../company/company-settings-page').then((m) => m.CompanySettingsPage),
  ),
};

export const PlatformPage = pages.PlatformPage.Component;
export const UsersPage = pages.UsersPage.Component;
export const AuditLogPage = pages.AuditLogPage.Component;
export const SentMailPage = pages.SentMailPage.Component;
export const ApprovalsPage = pages.ApprovalsPage.Component;
export const CompanySettingsPage = pages.CompanySettingsPage.Component;

/** Starts loading the host's own pages (once; a failed load is tried again next time). */
export function preloadHostPages(): void {
  for (const page of Object.values(pages)) page.preload().catch(() => undefined);
}
