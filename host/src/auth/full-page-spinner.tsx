import { Center, Spinner } from '@admin/shared/ui';

/** Shown while the stored session is being checked. */
export function FullPageSpinner() {
  return (
    <Center minH="100vh">
      <Spinner size="xl" aria-label="Loading" />
    </Center>
  );
}
