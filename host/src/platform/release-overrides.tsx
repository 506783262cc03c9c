import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { CORE_PATHS, REMOTE_NAMES, type PlatformReleases, type RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, HStack, Spinner, Text } from '@admin/shared/ui';
import { DataTable, OptionSelect, formatDateTime, type Column } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { changeOverride } from '../common/remotes/release-pick';
import { usePlatformStatus } from '../common/remotes/remote-status';

/**
 * For testers (platform.manage): load a named release of an area in this browser only. The choice
 * stays in this browser's storage for this user until reset; nothing changes for anyone else.
 */
export function ReleaseOverrides({ userId }: { userId: string }) {
  const t = useT(SIGNED_IN_TEXTS);
  const remotes = usePlatformStatus((s) => s.remotes);
  // The release chosen in each area's box; the newest until another is chosen.
  const [chosen, setChosen] = useState<Partial<Record<RemoteName, string>>>({});
  const releases = useQuery({
    queryKey: ['platform', 'releases'],
    queryFn: () => api.get<{ data: PlatformReleases }>(CORE_PATHS.platformReleases).then(dataOf),
  });
  if (releases.isPending) return <Spinner size="sm" aria-label={t('platform.overrides.loading')} />;
  if (releases.isError) return <Text color="fg.error">{releases.error.message}</Text>;
  const versionOf = (area: RemoteName) => chosen[area] ?? releases.data[area].at(-1)?.version ?? '';
  const columns: Column<RemoteName>[] = [
    { header: t('platform.area'), cell: (area) => t(AREA_LABELS[area]) },
    {
      header: t('platform.overrides.releaseColumn'),
      cell: (area) => (
        <OptionSelect
          root={{ size: 'sm' }}
          aria-label={t('platform.overrides.release', { area: t(AREA_LABELS[area]) })}
          value={versionOf(area)}
          onChange={(e) => setChosen({ ...chosen, [area]: e.currentTarget.value })}
          options={releases.data[area].map((r) => ({
            value: r.version,
            label: `${r.version} (${formatDateTime(r.at)})`,
          }))}
        />
      ),
    },
    {
      header: '',
      key: 'actions',
      cell: (area) => {
        const release = releases.data[area].find((r) => r.version === versionOf(area));
        return (
          <HStack>
            <Button size="sm" disabled={!release} onClick={() => changeOverride(userId, area, release)}>
              {t('platform.overrides.load')}
            </Button>
            {remotes[area]?.channel === 'override' && (
              <Button size="sm" variant="outline" onClick={() => changeOverride(userId, area)}>
                {t('platform.overrides.reset')}
              </Button>
            )}
          </HStack>
        );
      },
    },
  ];
  return (
    <DataTable
      label={t('platform.overrides.table')}
      columns={columns}
      rows={REMOTE_NAMES}
      rowKey={(area) => area}
      variant="outline"
      frame="region"
    />
  );
}
