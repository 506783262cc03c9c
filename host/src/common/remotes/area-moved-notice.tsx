import { useShallow } from 'zustand/react/shallow';
import { REMOTE_NAMES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Alert, Button, Stack } from '@admin/shared/ui';
import { SIGNED_IN_TEXTS } from '../../i18n';
import { AREA_LABELS } from './area-labels';
import { usePlatformStatus } from './remote-status';

/**
 * A quiet line per area that moved (a release, promotion or rollback) while this page was open: the
 * page goes on with the release it started with, and a reload runs the new one.
 */
export function AreaMovedNotice() {
  const t = useT(SIGNED_IN_TEXTS);
  const moved = usePlatformStatus(useShallow((s) => REMOTE_NAMES.filter((name) => s.moved[name])));
  if (!moved.length) return null;
  return (
    <Stack gap="0" role="status">
      {moved.map((name) => (
        <Alert.Root key={name} status="info" borderRadius="0" py="1" alignItems="center" data-testid="area-moved">
          <Alert.Indicator />
          <Alert.Title>{t('area.moved', { area: t(AREA_LABELS[name]) })}</Alert.Title>
          <Button size="xs" variant="outline" onClick={() => window.location.reload()}>
            {t('area.reload')}
          </Button>
        </Alert.Root>
      ))}
    </Stack>
  );
}
