import { useQuery } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import { REMOTE_NAMES, type PlatformConfig, type PlatformReports } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Badge, Spinner, Text } from '@admin/shared/ui';
import { Table, formatDateTime } from '@admin/shared/ui-kit';
import { SHELL_NAMESPACE } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';

/** Failures browsers reported (GET /api/platform/reports), per area and version. */
export function usePlatformReports() {
  return useQuery({
    queryKey: ['platform', 'reports'],
    queryFn: () => api.get<{ data: PlatformReports }>('/platform/reports').then((r) => r.data.data),
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
  const t = useT(SHELL_NAMESPACE);
  const entry = config?.remotes[area];
  if (entry?.canary?.version === version) return <Badge colorPalette="purple">{t('platform.channel.canary')}</Badge>;
  if (entry?.version === version) return <Badge colorPalette="green">{t('platform.channel.stable')}</Badge>;
  return <Badge colorPalette="gray">{t('platform.channel.earlier')}</Badge>;
}

/** Load and render failures of each release that has any, newest first. */
export function FailureReports({ config }: { config?: PlatformConfig }) {
  const t = useT(SHELL_NAMESPACE);
  const reports = usePlatformReports();
  if (reports.isPending) return <Spinner size="sm" aria-label={t('platform.failures.loading')} />;
  if (reports.isError) return <Text color="fg.error">{reports.error.message}</Text>;
  const rows = REMOTE_NAMES.flatMap((area) =>
    Object.entries(reports.data[area] ?? {}).map(([version, failures]) => ({ area, version, ...failures })),
  ).sort((a, b) => b.last.at.localeCompare(a.last.at));
  if (!rows.length) return <Text color="fg.muted">{t('platform.failures.none')}</Text>;
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={t('platform.failures.table')}>
      <Table.Root size="sm" variant="outline" aria-label={t('platform.failures.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('platform.area')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('platform.failures.version')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('platform.failures.load')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('platform.failures.render')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('platform.failures.last')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={`${row.area}:${row.version}`}>
              <Table.Cell>{t(AREA_LABELS[row.area])}</Table.Cell>
              <Table.Cell>
                <bdi>{row.version}</bdi> <ReleaseRole config={config} area={row.area} version={row.version} />
              </Table.Cell>
              <Table.Cell>{row.load}</Table.Cell>
              <Table.Cell>{row.render}</Table.Cell>
              <Table.Cell>
                <Text fontSize="xs">
                  <bdi>{formatDateTime(row.last.at)}</bdi>
                </Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {row.last.message}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
