import type { ReactNode } from 'react';
import { useAuth } from '@admin/shared/auth';
import type { Permission } from '@admin/shared/contract';

/**
 * Whether the signed-in user may do this, re-rendering when the user changes. No permission
 * named means nothing beyond seeing the page is needed.
 */
export function useAllowed(permission: Permission | undefined): boolean {
  return useAuth((state) => permission === undefined || state.can(permission));
}

/** Its children only for a user with the permission: actions are hidden, not disabled, for the rest. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useAllowed(permission) ? children : null;
}
