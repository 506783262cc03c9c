import { useShallow } from 'zustand/react/shallow';
import { useAuth } from '@admin/shared/auth';
import { REMOTE_NAMES, type RemoteName } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Alert, Button, Stack } from '@admin/shared/ui';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { changeOverride } from '../common/remotes/release-pick';
import { usePlatformStatus, type PlatformStatus } from '../common/remotes/remote-status';

/**
 * The areas this page runs a tester's override of, with its version. Shallow-compared, so the
 * banner re-renders only when an override changes, not at every load state: loads start while
 * an area renders, and re-rendering the shell then would restart that area's load.
 */
const selectOverrides = (s: PlatformStatus): Partial<Record<RemoteName, string>> =>
  Object.fromEntries(
    REMOTE_NAMES.flatMap((name) => (s.remotes[name]?.channel === 'override' ? [[name, s.remotes[name].version]] : [])),
  );

/** On every page while a tester's override runs: which release, and the way back. */
export function OverrideBanner() {
  const t = useT(SIGNED_IN_TEXTS);
  const overrides = usePlatformStatus(useShallow(selectOverrides));
  const userId = useAuth((s) => s.user?._id);
  const overridden = REMOTE_NAMES.filter((name) => overrides[name]);
  if (!userId || !overridden.length) return null;
  return (
    <Stack gap="0">
      {overridden.map((name) => (
        <Alert.Root
          key={name}
          status="warning"
          borderRadius="0"
          py="1"
          alignItems="center"
          data-testid="override-banner"
        >
          <Alert.Indicator />
          <Alert.Title>
            {t('platform.overrideBanner', { area: t(AREA_LABELS[name]), version: overrides[name] })}
          </Alert.Title>
          <Button size="xs" variant="outline" onClick={() => changeOverride(userId, name)}>
            {t('platform.overrides.reset')}
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
