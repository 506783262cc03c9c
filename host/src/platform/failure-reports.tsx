import { useQuery } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import { REMOTE_NAMES, type PlatformConfig, type PlatformReports } from '@admin/shared/contract';
import { Badge, Spinner, Text } from '@admin/shared/ui';
import { Table, formatDateTime } from '@admin/shared/ui-kit';
import { AREA_LABELS } from '../shell/menu';

/** Failures browsers reported (GET /api/platform/reports), per area and version. */
export function usePlatformReports() {
  return useQuery({
    queryKey: ['platform', 'reports'],
    queryFn: () => api.get<{ data: PlatformReports }>('/platform/reports').then((r) => r.data.data),
  });
}

function roleOf(config: PlatformConfig | undefined, area: (typeof REMOTE_NAMES)[number], version: string) {
  const entry = config?.remotes[area];
  if (entry?.canary?.version === version) return <Badge colorPalette="purple">Canary</Badge>;
  if (entry?.version === version) return <Badge colorPalette="green">Stable</Badge>;
  return <Badge colorPalette="gray">Earlier</Badge>;
}

/** Load and render failures of each release that has any, newest first. */
export function FailureReports({ config }: { config?: PlatformConfig }) {
  const reports = usePlatformReports();
  if (reports.isPending) return <Spinner size="sm" aria-label="Loading the failure reports" />;
  if (reports.isError) return <Text color="fg.error">{reports.error.message}</Text>;
  const rows = REMOTE_NAMES.flatMap((area) =>
    Object.entries(reports.data[area] ?? {}).map(([version, failures]) => ({ area, version, ...failures })),
  ).sort((a, b) => b.last.at.localeCompare(a.last.at));
  if (!rows.length) return <Text color="fg.muted">No release has reported a failure.</Text>;
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label="Load failures">
      <Table.Root size="sm" variant="outline" aria-label="Load failures">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Area</Table.ColumnHeader>
            <Table.ColumnHeader>Version</Table.ColumnHeader>
            <Table.ColumnHeader>Load failures</Table.ColumnHeader>
            <Table.ColumnHeader>Render failures</Table.ColumnHeader>
            <Table.ColumnHeader>Last failure</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={`${row.area}:${row.version}`}>
              <Table.Cell>{AREA_LABELS[row.area]}</Table.Cell>
              <Table.Cell>
                {row.version} {roleOf(config, row.area, row.version)}
              </Table.Cell>
              <Table.Cell>{row.load}</Table.Cell>
              <Table.Cell>{row.render}</Table.Cell>
              <Table.Cell>
                <Text fontSize="xs">{formatDateTime(row.last.at)}</Text>
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
