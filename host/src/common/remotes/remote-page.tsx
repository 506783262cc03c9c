import { useCallback, useMemo, type ComponentType } from 'react';
import type { RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Text } from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../../i18n';
import type { RemoteModule } from '@admin/shared/remote';
import { AREA_LABELS } from './area-labels';
import { RemoteArea } from './remote-area';
import { loadedRemoteRoutes, loadRemoteRoutes, preloadAreasWhenIdle } from './remotes';

/** The page of an area's module at `path`, with the version label under it. */
function areaPage(module: RemoteModule, remote: RemoteName, path: string): ComponentType {
  const route = module.routes.find((r) => r.path === path);
  if (!route) throw new Error(`The ${remote} remote has no page for ${path}`);
  const Page = route.Component;
  const { version } = module;
  return function AreaPage() {
    const t = useT(SHELL_NAMESPACE);
    return (
      <>
        <Page />
        {version && (
          <Text mt="8" fontSize="xs" color="fg.muted" textAlign="end" data-testid="area-version">
            {t(AREA_LABELS[remote])} <bdi>{version}</bdi>
          </Text>
        )}
      </>
    );
  };
}

/**
 * The page a remote serves at `path`, loaded at run time from the release platform.json names;
 * rendered at once when the area's code is loaded already (preloaded after sign-in or on hover).
 */
export function RemotePage({ remote, path }: { remote: RemoteName; path: string }) {
  const load = useCallback(async () => {
    const page = areaPage(await loadRemoteRoutes(remote), remote, path);
    preloadAreasWhenIdle();
    return page;
  }, [remote, path]);
  const ready = useMemo(() => {
    const module = loadedRemoteRoutes(remote);
    try {
      return module && areaPage(module, remote, path);
    } catch {
      return undefined; // the lazy load reports it
    }
  }, [remote, path]);
  const t = useT(SHELL_NAMESPACE);
  return <RemoteArea area={t(AREA_LABELS[remote])} load={load} ready={ready} />;
}
