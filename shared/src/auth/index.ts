import { api, getToken, setToken } from '@admin/shared/api';
import type { Permission } from '@admin/shared/contract';
import { createAuthStore, type User } from './store';

export { createAuthStore } from './store';
export type { AuthState, AuthStore, AuthTransport, Credentials, TokenStorage, User } from './store';

/** Reads `user` from `{ user }`, `{ data: { user } }` or `{ data: user }` answers. */
function userOf(body: unknown): User {
  const b = (body ?? {}) as { user?: User; data?: { user?: User } & User };
  return b.user ?? b.data?.user ?? b.data ?? (b as User);
}

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
        .then((body) => body ?? api.get('/auth/profile').then((r) => r.data))
        .then(userOf),
    // The sign-in screen shows the server's message itself (alert + toast).
    login: (credentials) =>
      api.post('/auth/login', credentials, { errorToast: false }).then((r) => {
        const body = r.data as { token?: string; data?: { token?: string } };
        const token = body.token ?? body.data?.token;
        if (!token) throw new Error('Login failed');
        return { token, user: userOf(r.data) };
      }),
    logout: () => api.post('/auth/logout', undefined, { errorToast: false }).then(() => undefined),
  },
  { get: getToken, set: setToken },
);

/** Whether the signed-in user may do this; re-renders when the user changes. */
export function useCan(permission: Permission): boolean {
  return useAuth((state) => state.user?.permissions?.includes(permission) ?? false);
}
