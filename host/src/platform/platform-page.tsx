import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useCan } from '@admin/shared/auth';
import { REMOTE_NAMES, type RemoteEntry, type RemoteName } from '@admin/shared/contract';
import { Alert, Badge, Box, Heading, Spinner, Stack, Text } from '@admin/shared/ui';
import { Table } from '@admin/shared/ui-kit';
import { AREA_LABELS } from '../shell/menu';
import { FailureReports } from './failure-reports';
import { ReleaseOverrides } from './release-overrides';
import { loadRemoteRoutes, sharedInUse } from './remotes';
import { usePlatformStatus, type RemoteStatus } from './remote-status';
import { compareShared, fetchManifest } from './shared-versions';

function StateBadge({ status }: { status?: RemoteStatus }) {
  if (!status) return <Badge colorPalette="gray">Not configured</Badge>;
  switch (status.state) {
    case 'loaded':
      return <Badge colorPalette="green">Loaded</Badge>;
    case 'failed':
      return <Badge colorPalette="red">Failed</Badge>;
    case 'loading':
      return <Badge colorPalette="blue">Loading</Badge>;
    default:
      return <Badge colorPalette="gray">Not loaded yet</Badge>;
  }
}

const CHANNELS: Record<RemoteStatus['channel'], { label: string; color: string }> = {
  stable: { label: 'Stable', color: 'green' },
  canary: { label: 'Canary', color: 'purple' },
  override: { label: 'Override', color: 'orange' },
  candidate: { label: 'Candidate', color: 'gray' },
};

/** platform.json's releases of an area and the share of signed-in users each reaches. */
function Releases({ entry }: { entry?: RemoteEntry }) {
  if (!entry) return <>—</>;
  const { canary } = entry;
  return (
    <>
      <Text>
        {entry.version} · {100 - (canary?.percent ?? 0)}%
      </Text>
      {canary && (
        <Text color="purple.fg">
          Canary {canary.version} · {canary.percent}%
          {canary.autoRollbackAfter ? ` · dropped after ${canary.autoRollbackAfter} failures` : ''}
        </Text>
      )}
    </>
  );
}

/** The shared libraries one remote asked for, beside what the page runs, mismatches flagged. */
function SharedTable({ name, entry }: { name: RemoteName; entry: string }) {
  const loaded = usePlatformStatus((s) => s.remotes[name]?.state === 'loaded');
  const manifest = useQuery({ queryKey: ['platform', 'manifest', entry], queryFn: () => fetchManifest(entry), staleTime: 0 });
  if (manifest.isPending) return <Spinner size="sm" aria-label={`Loading the ${AREA_LABELS[name]} manifest`} />;
  if (manifest.isError) return <Text color="fg.error">{manifest.error.message}</Text>;
  // Re-read when the remote has loaded (the subscription above re-renders), so the running copies include what it brought.
  const rows = compareShared(manifest.data.shared, sharedInUse());
  return (
    <>
      {!loaded && (
        <Text fontSize="xs" color="fg.muted" mb="1">
          This area has not loaded in this page yet: the page's copies are shown as they are without it.
        </Text>
      )}
      <Table.ScrollArea tabIndex={0} role="region" aria-label={`${AREA_LABELS[name]} shared libraries`}>
        <Table.Root size="sm" variant="outline" aria-label={`${AREA_LABELS[name]} shared libraries`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Library</Table.ColumnHeader>
              <Table.ColumnHeader>Asks for</Table.ColumnHeader>
              <Table.ColumnHeader>Built with</Table.ColumnHeader>
              <Table.ColumnHeader>Page runs</Table.ColumnHeader>
              <Table.ColumnHeader>Check</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.name}>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell>{row.requiredVersion || 'any'}</Table.Cell>
                <Table.Cell>{row.bundled ? row.version : 'Host’s copy'}</Table.Cell>
                <Table.Cell>{row.inUse ?? '—'}</Table.Cell>
                <Table.Cell>
                  {row.problem ? <Badge colorPalette="orange">{row.problem}</Badge> : <Badge colorPalette="green">OK</Badge>}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

/**
 * What runs where, for staff and ops: each area's releases and the share of users each reaches,
 * the one this page runs, its manifest, whether it loaded and how long it took, the failures
 * browsers reported per release, and the shared libraries each area asked for. Testers
 * (platform.manage) may load another release in their own browser.
 */
export function PlatformPage() {
  const { remotes, config, configError } = usePlatformStatus();
  const userId = useAuth((s) => s.user?._id);
  const mayOverride = useCan('platform.manage');

  // Load every area's routes so "loaded" and the load time are measured, not assumed.
  useEffect(() => {
    for (const name of REMOTE_NAMES) {
      const state = usePlatformStatus.getState().remotes[name]?.state;
      if (state === 'registered') loadRemoteRoutes(name).catch(() => undefined);
    }
  }, []);

  return (
    <Stack gap="6">
      {configError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>/platform.json could not be used: {configError}</Alert.Title>
        </Alert.Root>
      )}
      <Table.ScrollArea tabIndex={0} role="region" aria-label="Areas">
        <Table.Root variant="outline" aria-label="Areas">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Area</Table.ColumnHeader>
              <Table.ColumnHeader>Releases</Table.ColumnHeader>
              <Table.ColumnHeader>This page runs</Table.ColumnHeader>
              <Table.ColumnHeader>Manifest</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Load time</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {REMOTE_NAMES.map((name) => {
              const status = remotes[name];
              return (
                <Table.Row key={name}>
                  <Table.Cell>{AREA_LABELS[name]}</Table.Cell>
                  <Table.Cell>
                    <Releases entry={config?.remotes[name]} />
                  </Table.Cell>
                  <Table.Cell>
                    {status ? (
                      <>
                        {status.version} <Badge colorPalette={CHANNELS[status.channel].color}>{CHANNELS[status.channel].label}</Badge>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-all">{status?.entry ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <StateBadge status={status} />
                    {status?.error && (
                      <Text fontSize="xs" color="fg.muted">
                        {status.error}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{status?.loadMs !== undefined ? `${status.loadMs} ms` : '—'}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Box>
        <Heading as="h2" size="md" mb="2">
          Failures reported by browsers
        </Heading>
        <FailureReports config={config} />
      </Box>
      {mayOverride && userId && (
        <Box>
          <Heading as="h2" size="md" mb="2">
            Try a release in my browser
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="2">
            Only this browser, for you, until you reset it; nobody else's release changes.
          </Text>
          <ReleaseOverrides userId={userId} />
        </Box>
      )}
      {REMOTE_NAMES.map((name) => {
        const entry = remotes[name]?.entry;
        return entry ? (
          <Box key={name}>
            <Heading as="h2" size="md" mb="2">
              {AREA_LABELS[name]} shared libraries
            </Heading>
            <SharedTable name={name} entry={entry} />
          </Box>
        ) : null;
      })}
    </Stack>
  );
}
