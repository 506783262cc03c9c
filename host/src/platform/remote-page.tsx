import { useCallback } from 'react';
import { Text } from '@admin/shared/ui';
import type { RemoteName } from '@admin/shared/contract';
import { AREA_LABELS } from '../shell/menu';
import { RemoteArea } from './remote-area';
import { loadRemoteRoutes } from './remotes';

/** The page a remote serves at `path`, loaded at run time from the release platform.json names. */
export function RemotePage({ remote, path }: { remote: RemoteName; path: string }) {
  const load = useCallback(async () => {
    const module = await loadRemoteRoutes(remote);
    const route = module.routes.find((r) => r.path === path);
    if (!route) throw new Error(`The ${remote} remote has no page for ${path}`);
    const Page = route.Component;
    const { area, version } = module;
    return function AreaPage() {
      return (
        <>
          <Page />
          {version && (
            <Text mt="8" fontSize="xs" color="fg.muted" textAlign="right" data-testid="area-version">
              {area} {version}
            </Text>
          )}
        </>
      );
    };
  }, [remote, path]);
  return <RemoteArea area={AREA_LABELS[remote]} load={load} />;
}
