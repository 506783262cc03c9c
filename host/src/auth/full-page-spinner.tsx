import { useT } from '@admin/shared/i18n';
import { Center, Spinner } from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../i18n';

/** Shown while the stored session is being checked. */
export function FullPageSpinner() {
  const t = useT(SHELL_NAMESPACE);
  return (
    <Center minH="100vh">
      <Spinner size="xl" aria-label={t('shell.loading')} />
    </Center>
  );
}
