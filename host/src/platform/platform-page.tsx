import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useCan } from '@admin/shared/auth';
import { REMOTE_NAMES, type RemoteEntry, type RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Alert, Badge, Box, Heading, Spinner, Stack, Text } from '@admin/shared/ui';
import { DataTable, type Column } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { FailureReports } from './failure-reports';
import { ReleaseOverrides } from './release-overrides';
import { loadRemoteRoutes } from '../common/remotes/remotes';
import { sharedInUse } from '../common/remotes/shared-check';
import { usePlatformStatus, type PlatformStatus, type RemoteStatus } from '../common/remotes/remote-status';
import { compareShared, fetchManifest, type SharedRow } from '../common/remotes/shared-versions';

function StateBadge({ status }: { status?: RemoteStatus }) {
  const t = useT(SIGNED_IN_TEXTS);
  if (!status) return <Badge colorPalette="gray">{t('platform.state.notConfigured')}</Badge>;
  switch (status.state) {
    case 'loaded':
      return <Badge colorPalette="green">{t('platform.state.loaded')}</Badge>;
    case 'failed':
      return <Badge colorPalette="red">{t('platform.state.failed')}</Badge>;
    case 'loading':
      return <Badge colorPalette="blue">{t('platform.state.loading')}</Badge>;
    default:
      return <Badge colorPalette="gray">{t('platform.state.notLoaded')}</Badge>;
  }
}

const CHANNELS: Record<RemoteStatus['channel'], { label: string; color: string }> = {
  stable: { label: 'platform.channel.stable', color: 'green' },
  canary: { label: 'platform.channel.canary', color: 'purple' },
  override: { label: 'platform.channel.override', color: 'orange' },
  candidate: { label: 'platform.channel.candidate', color: 'gray' },
};

/** platform.json's releases of an area and the share of signed-in users each reaches. */
function Releases({ entry }: { entry?: RemoteEntry }) {
  const t = useT(SIGNED_IN_TEXTS);
  if (!entry) return <>—</>;
  const { canary } = entry;
  return (
    <>
      <Text>
        <bdi>{entry.version}</bdi> · <bdi>{100 - (canary?.percent ?? 0)}%</bdi>
      </Text>
      {canary && (
        <Text color="purple.fg">
          {t(canary.autoRollbackAfter ? 'platform.canary.dropped' : 'platform.canary', {
            version: canary.version,
            percent: canary.percent,
            failures: canary.autoRollbackAfter,
          })}
        </Text>
      )}
    </>
  );
}

/** The shared libraries one remote asked for, beside what the page runs, mismatches flagged. */
function SharedTable({ name, entry }: { name: RemoteName; entry: string }) {
  const t = useT(SIGNED_IN_TEXTS);
  const area = t(AREA_LABELS[name]);
  const loaded = usePlatformStatus((s) => s.remotes[name]?.state === 'loaded');
  const manifest = useQuery({
    queryKey: ['platform', 'manifest', entry],
    queryFn: () => fetchManifest(entry),
    staleTime: 0,
  });
  if (manifest.isPending) return <Spinner size="sm" aria-label={t('platform.manifest.loading', { area })} />;
  if (manifest.isError) return <Text color="fg.error">{manifest.error.message}</Text>;
  // Re-read when the remote has loaded (the subscription above re-renders), so the running copies include what it brought.
  const rows = compareShared(manifest.data.shared, sharedInUse());
  const sharedColumns: Column<SharedRow>[] = [
    { header: t('platform.shared.library'), cell: (row) => <bdi>{row.name}</bdi> },
    {
      header: t('platform.shared.asksFor'),
      cell: (row) => (row.requiredVersion ? <bdi>{row.requiredVersion}</bdi> : t('platform.shared.any')),
    },
    {
      header: t('platform.shared.builtWith'),
      cell: (row) => (row.bundled ? <bdi>{row.version}</bdi> : t('platform.shared.hostCopy')),
    },
    { header: t('platform.shared.pageRuns'), cell: (row) => <bdi>{row.inUse ?? '—'}</bdi> },
    {
      header: t('platform.shared.check'),
      cell: (row) =>
        row.problem ? (
          <Badge colorPalette="orange">
            {t(`platform.shared.problem.${row.problem}`, {
              required: row.requiredVersion,
              version: row.version,
              running: row.inUse,
            })}
          </Badge>
        ) : (
          <Badge colorPalette="green">{t('platform.shared.ok')}</Badge>
        ),
    },
  ];
  return (
    <>
      {!loaded && (
        <Text fontSize="xs" color="fg.muted" mb="1">
          {t('platform.shared.notLoaded')}
        </Text>
      )}
      <DataTable
        label={t('platform.shared.title', { area })}
        columns={sharedColumns}
        rows={rows}
        rowKey={(row) => row.name}
        variant="outline"
        frame="region"
      />
    </>
  );
}

/** Each area's releases, the one this page runs, its manifest, whether it loaded and how long it took. */
function AreasTable({ remotes, config }: Pick<PlatformStatus, 'remotes' | 'config'>) {
  const t = useT(SIGNED_IN_TEXTS);
  const columns: Column<RemoteName>[] = [
    { header: t('platform.area'), cell: (name) => t(AREA_LABELS[name]) },
    { header: t('platform.releases'), cell: (name) => <Releases entry={config?.remotes[name]} /> },
    {
      header: t('platform.runs'),
      cell: (name) => {
        const status = remotes[name];
        return status ? (
          <>
            <bdi>{status.version}</bdi>{' '}
            <Badge colorPalette={CHANNELS[status.channel].color}>{t(CHANNELS[status.channel].label)}</Badge>
          </>
        ) : (
          '—'
        );
      },
    },
    {
      header: t('platform.manifest'),
      cell: (name) => (
        // A manifest's address has no spaces to break at.
        <Box as="span" wordBreak="break-all">
          <bdi>{remotes[name]?.entry ?? '—'}</bdi>
        </Box>
      ),
    },
    {
      header: t('platform.status'),
      cell: (name) => {
        const status = remotes[name];
        return (
          <>
            <StateBadge status={status} />
            {status?.error && (
              <Text fontSize="xs" color="fg.muted">
                {status.error}
              </Text>
            )}
          </>
        );
      },
    },
    {
      header: t('platform.loadTime'),
      cell: (name) => {
        const loadMs = remotes[name]?.loadMs;
        return loadMs !== undefined ? t('platform.loadMs', { ms: loadMs }) : '—';
      },
    },
  ];

  return (
    <DataTable
      label={t('platform.areas')}
      columns={columns}
      rows={REMOTE_NAMES}
      rowKey={(name) => name}
      size="md"
      variant="outline"
      frame="region"
    />
  );
}

/**
 * What runs where, for staff and ops: each area's releases and the share of users each reaches,
 * the one this page runs, its manifest, whether it loaded and how long it took, the failures
 * browsers reported per release, and the shared libraries each area asked for. Testers
 * (platform.manage) may load another release in their own browser.
 */
export function PlatformPage() {
  const t = useT(SIGNED_IN_TEXTS);
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
          <Alert.Title>{t('platform.configError', { error: configError })}</Alert.Title>
        </Alert.Root>
      )}
      <AreasTable remotes={remotes} config={config} />
      <Box>
        <Heading as="h2" size="md" mb="2">
          {t('platform.failures.title')}
        </Heading>
        <FailureReports config={config} />
      </Box>
      {mayOverride && userId && (
        <Box>
          <Heading as="h2" size="md" mb="2">
            {t('platform.overrides.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {t('platform.overrides.note')}
          </Text>
          <ReleaseOverrides userId={userId} />
        </Box>
      )}
      {REMOTE_NAMES.map((name) => {
        const entry = remotes[name]?.entry;
        return entry ? (
          <Box key={name}>
            <Heading as="h2" size="md" mb="2">
              {t('platform.shared.title', { area: t(AREA_LABELS[name]) })}
            </Heading>
            <SharedTable name={name} entry={entry} />
          </Box>
        ) : null;
      })}
    </Stack>
  );
}
