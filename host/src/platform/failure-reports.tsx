import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { CORE_PATHS, REMOTE_NAMES, type PlatformConfig, type PlatformReports } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Badge, Spinner, Text } from '@admin/shared/ui';
import { DataTable, formatDateTime, type Column } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';

/** Failures browsers reported (GET /api/platform/reports), per area and version. */
export function usePlatformReports() {
  return useQuery({
    queryKey: ['platform', 'reports'],
    queryFn: () => api.get<{ data: PlatformReports }>(CORE_PATHS.platformReports).then(dataOf),
  });
}

function ReleaseRole({
  config,
  area,
  version,
}: {
  config?: PlatformConfig;
  area: (typeof REMOTE_NAMES)[number];
  version: string;
}) {
  const t = useT(SIGNED_IN_TEXTS);
  const entry = config?.remotes[area];
  if (entry?.canary?.version === version) return <Badge colorPalette="purple">{t('platform.channel.canary')}</Badge>;
  if (entry?.version === version) return <Badge colorPalette="green">{t('platform.channel.stable')}</Badge>;
  return <Badge colorPalette="gray">{t('platform.channel.earlier')}</Badge>;
}

/** Load and render failures of each release that has any, newest first. */
export function FailureReports({ config }: { config?: PlatformConfig }) {
  const t = useT(SIGNED_IN_TEXTS);
  const reports = usePlatformReports();
  if (reports.isPending) return <Spinner size="sm" aria-label={t('platform.failures.loading')} />;
  if (reports.isError) return <Text color="fg.error">{reports.error.message}</Text>;
  const rows = REMOTE_NAMES.flatMap((area) =>
    Object.entries(reports.data[area] ?? {}).map(([version, failures]) => ({ area, version, ...failures })),
  ).sort((a, b) => b.last.at.localeCompare(a.last.at));
  if (!rows.length) return <Text color="fg.muted">{t('platform.failures.none')}</Text>;
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('platform.area'), cell: (row) => t(AREA_LABELS[row.area]) },
    {
      header: t('platform.failures.version'),
      cell: (row) => (
        <>
          <bdi>{row.version}</bdi> <ReleaseRole config={config} area={row.area} version={row.version} />
        </>
      ),
    },
    { header: t('platform.failures.load'), cell: (row) => row.load },
    { header: t('platform.failures.render'), cell: (row) => row.render },
    {
      header: t('platform.failures.last'),
      cell: (row) => (
        <>
          <Text fontSize="xs">
            <bdi>{formatDateTime(row.last.at)}</bdi>
          </Text>
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
            {row.last.message}
          </Text>
        </>
      ),
    },
  ];
  return (
    <DataTable
      label={t('platform.failures.table')}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.area}:${row.version}`}
      variant="outline"
      frame="region"
    />
  );
}
