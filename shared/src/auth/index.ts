import { api, dataOf, getToken, setToken } from '@admin/shared/api';
import type { Answer, LoginResponse, Permission, ProfileResponse } from '@admin/shared/contract';
import { createAuthStore } from './store';

export { createAuthStore } from './store';
export type { AuthState, AuthStore, AuthTransport, Credentials, TokenStorage, User } from './store';

/** The page's auth store: one instance, shared by the host and every remote. */
export const useAuth = createAuthStore(
  {
    profile: () => api.get<Answer<ProfileResponse>>('/auth/profile').then((r) => dataOf(r).user),
    // The sign-in screen shows the server's message itself (alert + toast).
    login: (credentials) =>
      api.post<Answer<LoginResponse>>('/auth/login', credentials, { errorToast: false }).then(dataOf),
    logout: () => api.post('/auth/logout', undefined, { errorToast: false }).then(() => undefined),
  },
  { get: getToken, set: setToken },
);

/** Whether the signed-in user may do this; re-renders when the user changes. */
export function useCan(permission: Permission): boolean {
  return useAuth((state) => state.user?.permissions?.includes(permission) ?? false);
}
