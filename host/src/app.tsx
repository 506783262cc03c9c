import { Suspense, useLayoutEffect } from 'react';
import { loadApiClient } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { KIT_NAMESPACE, loadTexts } from '@admin/shared/i18n';
import { lazyPage } from '@admin/shared/remote';
import { showToasterRegion, UiProvider } from '@admin/shared/ui';
import { FullPageSpinner } from './auth/full-page-spinner';
import { LoginPage } from './auth/login-page';
import { LOGIN_PATH } from './common/pages';
// `pnpm release` checks a new build in a headless page of this host through this probe.
import './platform/health-probe';
import { SIGNED_IN_NAMESPACE } from './i18n';

// Everything after sign-in (the router, the shell with its drawer and menus, the dashboard, and
// through them '@admin/shared/ui-kit'; the user menu's pages load apart, shell/host-pages.tsx) is
// one chunk loaded when it is first needed, so the sign-in page's first load carries only the
// core UI facade: no router and no TanStack Query (the shell brings the query client's provider,
// signed-in-shell.tsx). Loaded ahead (preloadSignedIn), the pages render at once instead of
// behind the full-page spinner.
const signedInApp = lazyPage(() =>
  import(/* webpackChunkName: "signed-in" */ './shell/signed-in-app').then((m) => m.SignedInApp),
);
const SignedInApp = signedInApp.Component;

/**
 * Starts loading everything after sign-in, and puts the toasts' region on the page: at start for a
 * stored session, on the first keystroke in the sign-in form otherwise.
 */
export function preloadSignedIn(): void {
  loadApiClient().catch(() => undefined);
  for (const namespace of [SIGNED_IN_NAMESPACE, KIT_NAMESPACE]) loadTexts(namespace).catch(() => undefined);
  showToasterRegion();
  signedInApp.preload().catch(() => undefined);
}

/** Without a session, the sign-in page alone, at its address; with one, the signed-in pages. */
function Screens() {
  const loading = useAuth((s) => s.loading);
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  if (loading) return <FullPageSpinner />;
  if (!isAuthenticated) return <SignIn />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}

/** The sign-in page, at /login whatever address was opened (or left by signing out). */
function SignIn() {
  useLayoutEffect(() => {
    if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  }, []);
  return <LoginPage />;
}

export function App() {
  return (
    <UiProvider>
      <Screens />
    </UiProvider>
  );
}
