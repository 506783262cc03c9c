import { useAuth } from '@admin/shared/auth';
import { REMOTE_NAMES } from '@admin/shared/contract';
import { Alert, Button, Stack } from '@admin/shared/ui';
import { AREA_LABELS } from '../shell/menu';
import { changeOverride } from './release-pick';
import { usePlatformStatus } from './remote-status';

/** On every page while a tester's override runs: which release, and the way back. */
export function OverrideBanner() {
  const remotes = usePlatformStatus((s) => s.remotes);
  const userId = useAuth((s) => s.user?._id);
  const overridden = REMOTE_NAMES.filter((name) => remotes[name]?.channel === 'override');
  if (!userId || !overridden.length) return null;
  return (
    <Stack gap="0">
      {overridden.map((name) => (
        <Alert.Root key={name} status="warning" borderRadius="0" py="1" alignItems="center" data-testid="override-banner">
          <Alert.Indicator />
          <Alert.Title>
            {AREA_LABELS[name]} {remotes[name]?.version} (override) —
          </Alert.Title>
          <Button size="xs" variant="outline" onClick={() => changeOverride(userId, name)}>
            Reset
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
