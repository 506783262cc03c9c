import { useEffect } from 'react';
import { REMOTE_NAMES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from '@admin/shared/router';
import { Alert, Center, Link, Spinner } from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../../i18n';
import { isCurrent } from '../pages';
import { pageAt, useAreaPages } from './area-pages';
import { loadRemoteRoutes } from './remotes';
import { RemotePage } from './remote-page';

/** A path a release of its area served, but not the one this page runs. */
function NotInRelease() {
  const t = useT(SHELL_NAMESPACE);
  return (
    <Alert.Root status="info" data-testid="page-not-in-release">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('page.notInRelease')}</Alert.Title>
        <Alert.Description>
          <Link asChild colorPalette="blue">
            <RouterLink to="/">{t('page.notInRelease.dashboard')}</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Every path the host has no page of its own for: the page of the area that serves it, from the
 * areas' own declarations. Until an area without a summary in platform.json has loaded, it waits
 * for it; a path another release of an area served says so and keeps its address; any other path
 * goes to the dashboard.
 */
export function AreaRoute() {
  const { pathname } = useLocation();
  const areas = useAreaPages();
  const page = pageAt(areas.pages, pathname);
  const waitingFor = page ? [] : areas.unknown;
  // By name: the list is made anew with every status change, and loading changes the status.
  const waitingKey = waitingFor.join(' ');
  useEffect(() => {
    // A failure shows on the area's own pages; here it only ends the wait.
    for (const remote of REMOTE_NAMES) if (waitingKey.includes(remote)) loadRemoteRoutes(remote).catch(() => undefined);
  }, [waitingKey]);
  const t = useT(SHELL_NAMESPACE);

  if (page) {
    // Mounted at the page's own path, so the area's routes inside it (/invoices/:id/print) are
    // relative to it; keyed by path, so each page gets its own loader state and one area's failure
    // never shows on another's page.
    return (
      <Routes>
        <Route
          path={`${page.path.slice(1)}/*`}
          element={<RemotePage key={page.path} remote={page.remote} path={page.path} />}
        />
      </Routes>
    );
  }
  if (waitingFor.length) {
    return (
      <Center py="16">
        <Spinner size="lg" aria-label={t('shell.loading')} />
      </Center>
    );
  }
  if (areas.retired.some((path) => isCurrent(path, pathname))) return <NotInRelease />;
  return <Navigate to="/" replace />;
}
