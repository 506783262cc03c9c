import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import { REMOTE_NAMES, type PlatformReleases, type RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, HStack, Spinner, Text } from '@admin/shared/ui';
import { NativeSelect, Table, formatDateTime } from '@admin/shared/ui-kit';
import { SHELL_NAMESPACE } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { changeOverride } from '../common/remotes/release-pick';
import { usePlatformStatus } from '../common/remotes/remote-status';

function AreaOverride({
  area,
  releases,
  userId,
}: {
  area: RemoteName;
  releases: PlatformReleases[RemoteName];
  userId: string;
}) {
  const t = useT(SHELL_NAMESPACE);
  const running = usePlatformStatus((s) => s.remotes[area]);
  const [version, setVersion] = useState(releases.at(-1)?.version ?? '');
  const chosen = releases.find((r) => r.version === version);
  return (
    <Table.Row>
      <Table.Cell>{t(AREA_LABELS[area])}</Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={t('platform.overrides.release', { area: t(AREA_LABELS[area]) })}
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
          >
            {releases.map((r) => (
              <option key={r.version} value={r.version}>
                {r.version} ({formatDateTime(r.at)})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <HStack>
          <Button size="sm" disabled={!chosen} onClick={() => changeOverride(userId, area, chosen)}>
            {t('platform.overrides.load')}
          </Button>
          {running?.channel === 'override' && (
            <Button size="sm" variant="outline" onClick={() => changeOverride(userId, area)}>
              {t('platform.overrides.reset')}
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * For testers (platform.manage): load a named release of an area in this browser only. The choice
 * stays in this browser's storage for this user until reset; nothing changes for anyone else.
 */
export function ReleaseOverrides({ userId }: { userId: string }) {
  const t = useT(SHELL_NAMESPACE);
  const releases = useQuery({
    queryKey: ['platform', 'releases'],
    queryFn: () => api.get<{ data: PlatformReleases }>('/platform/releases').then((r) => r.data.data),
  });
  if (releases.isPending) return <Spinner size="sm" aria-label={t('platform.overrides.loading')} />;
  if (releases.isError) return <Text color="fg.error">{releases.error.message}</Text>;
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={t('platform.overrides.table')}>
      <Table.Root size="sm" variant="outline" aria-label={t('platform.overrides.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('platform.area')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('platform.overrides.releaseColumn')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {REMOTE_NAMES.map((area) => (
            <AreaOverride key={area} area={area} releases={releases.data[area]} userId={userId} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
