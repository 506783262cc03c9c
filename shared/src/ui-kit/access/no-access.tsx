import { Alert, Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Permission } from '@admin/shared/contract';
import type { RemoteRoute } from '@admin/shared/remote';
import { useKitT } from '../kit-texts';
import { useAllowed } from './can';

/** What a user sees instead of a page their role does not open. */
export function NoAccess({ permission }: { permission: Permission }) {
  const t = useKitT();
  return (
    <Box maxW="xl" mx="auto" mt="8">
      <Alert.Root status="warning" variant="surface">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('noAccess.title')}</Alert.Title>
          <Alert.Description>{t('noAccess.reason', { action: t(`permission.${permission}`) })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}

/** The children for a user with the permission, the no-access panel for anyone else. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useAllowed(permission) ? children : <NoAccess permission={permission} />;
}

/**
 * A remote's routes, each page opening only with its `permission`. The check sits outside the
 * page's lazy component, so a user without access never loads the page's code.
 */
export function guardRoutes(routes: RemoteRoute[]): RemoteRoute[] {
  return routes.map((route) => {
    const { permission, Component } = route;
    if (!permission) return route;
    function GuardedPage() {
      return (
        <RequirePermission permission={permission!}>
          <Component />
        </RequirePermission>
      );
    }
    GuardedPage.displayName = `Guarded(${route.path})`;
    return { ...route, Component: GuardedPage };
  });
}
