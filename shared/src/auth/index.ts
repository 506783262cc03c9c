import { api, dataOf, getToken, setToken } from '@admin/shared/api';
import {
  CORE_PATHS,
  type Answer,
  type LoginResponse,
  type Permission,
  type ProfileResponse,
} from '@admin/shared/contract';
import { createAuthStore } from './store';

export { createAuthStore } from './store';
export type { AuthState, AuthStore, AuthTransport, Credentials, TokenStorage, User } from './store';

declare global {
  interface Window {
    /** The profile check host/index.html starts with the stored token before any script loads. */
    __profile?: Promise<Response>;
  }
}

/** That early check's body, once, when it answered 200; else the store makes the call itself. */
async function earlyProfile(): Promise<unknown> {
  const early = globalThis.window?.__profile;
  if (!early) return undefined;
  window.__profile = undefined;
  try {
    const response = await early;
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/** The page's auth store: one instance, shared by the host and every remote. */
export const useAuth = createAuthStore(
  {
    profile: () =>
      earlyProfile()
        .then(
          (body) =>
            (body as Answer<ProfileResponse> | undefined) ??
            api.get<Answer<ProfileResponse>>(CORE_PATHS.profile).then((r) => r.data),
        )
        .then((answer) => answer.data.user),
    // The sign-in screen shows the server's message itself (alert + toast).
    login: (credentials) =>
      api.post<Answer<LoginResponse>>(CORE_PATHS.login, credentials, { errorToast: false }).then(dataOf),
    logout: () => api.post(CORE_PATHS.logout, undefined, { errorToast: false }).then(() => undefined),
  },
  { get: getToken, set: setToken },
);

/** Whether the signed-in user may do this; re-renders when the user changes. */
export function useCan(permission: Permission): boolean {
  return useAuth((state) => state.user?.permissions?.includes(permission) ?? false);
}
