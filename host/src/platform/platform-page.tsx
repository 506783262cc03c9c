import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useCan } from '@admin/shared/auth';
import { REMOTE_NAMES, type RemoteEntry, type RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Alert, Badge, Box, Heading, Spinner, Stack, Text } from '@admin/shared/ui';
import { Table } from '@admin/shared/ui-kit';
import { SHELL_NAMESPACE } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { FailureReports } from './failure-reports';
import { ReleaseOverrides } from './release-overrides';
import { loadRemoteRoutes, sharedInUse } from '../common/remotes/remotes';
import { usePlatformStatus, type RemoteStatus } from '../common/remotes/remote-status';
import { compareShared, fetchManifest } from './shared-versions';

function StateBadge({ status }: { status?: RemoteStatus }) {
  const t = useT(SHELL_NAMESPACE);
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
  const t = useT(SHELL_NAMESPACE);
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
  const t = useT(SHELL_NAMESPACE);
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
  return (
    <>
      {!loaded && (
        <Text fontSize="xs" color="fg.muted" mb="1">
          {t('platform.shared.notLoaded')}
        </Text>
      )}
      <Table.ScrollArea tabIndex={0} role="region" aria-label={t('platform.shared.title', { area })}>
        <Table.Root size="sm" variant="outline" aria-label={t('platform.shared.title', { area })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('platform.shared.library')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.shared.asksFor')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.shared.builtWith')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.shared.pageRuns')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.shared.check')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.name}>
                <Table.Cell>
                  <bdi>{row.name}</bdi>
                </Table.Cell>
                <Table.Cell>
                  {row.requiredVersion ? <bdi>{row.requiredVersion}</bdi> : t('platform.shared.any')}
                </Table.Cell>
                <Table.Cell>{row.bundled ? <bdi>{row.version}</bdi> : t('platform.shared.hostCopy')}</Table.Cell>
                <Table.Cell>
                  <bdi>{row.inUse ?? '—'}</bdi>
                </Table.Cell>
                <Table.Cell>
                  {row.problem ? (
                    <Badge colorPalette="orange">
                      {t(`platform.shared.problem.${row.problem}`, {
                        required: row.requiredVersion,
                        version: row.version,
                        running: row.inUse,
                      })}
                    </Badge>
                  ) : (
                    <Badge colorPalette="green">{t('platform.shared.ok')}</Badge>
                  )}
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
  const t = useT(SHELL_NAMESPACE);
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
      <Table.ScrollArea tabIndex={0} role="region" aria-label={t('platform.areas')}>
        <Table.Root variant="outline" aria-label={t('platform.areas')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('platform.area')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.releases')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.runs')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.manifest')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('platform.loadTime')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {REMOTE_NAMES.map((name) => {
              const status = remotes[name];
              return (
                <Table.Row key={name}>
                  <Table.Cell>{t(AREA_LABELS[name])}</Table.Cell>
                  <Table.Cell>
                    <Releases entry={config?.remotes[name]} />
                  </Table.Cell>
                  <Table.Cell>
                    {status ? (
                      <>
                        <bdi>{status.version}</bdi>{' '}
                        <Badge colorPalette={CHANNELS[status.channel].color}>{t(CHANNELS[status.channel].label)}</Badge>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-all">
                    <bdi>{status?.entry ?? '—'}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <StateBadge status={status} />
                    {status?.error && (
                      <Text fontSize="xs" color="fg.muted">
                        {status.error}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {status?.loadMs !== undefined ? t('platform.loadMs', { ms: status.loadMs }) : '—'}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
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
