import { create } from 'zustand';
import type { Permission } from '../contract/permissions';
import type { Role } from '../contract/roles';

/** The signed-in staff member (the shell shows the name). */
export interface User {
  _id?: string;
  name?: string;
  username?: string;
  role?: Role;
  /** What the user may do; the screens show only these actions. */
  permissions?: Permission[];
  /** Signed in with a temporary password: the host asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

export interface Credentials {
  username: string;
  password: string;
}

/** The calls the store makes; the app passes the real API, tests pass a fake. */
export interface AuthTransport {
  profile: () => Promise<User>;
  login: (credentials: Credentials) => Promise<{ token: string; user: User }>;
  logout: () => Promise<void>;
}

/** Where the token lives between page loads (localStorage 'token' in the app). */
export interface TokenStorage {
  get: () => string | null;
  set: (token: string | null) => void;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: User | null;
  /** True from start until the stored token has been checked. */
  loading: boolean;
  token: string | null;
  /** Reads the stored token and, if there is one, checks it with the profile call. */
  init: () => Promise<void>;
  /** Rejects with the call's error; the sign-in screen shows it. */
  login: (credentials: Credentials) => Promise<User>;
  /** Ends the session on the server (best effort) and forgets it here. */
  logout: () => Promise<void>;
  /** Forgets the session without a call: an auth error (401) already ended it. */
  clear: () => void;
  /** Whether the signed-in user may do this. */
  can: (permission: Permission) => boolean;
  /** Replaces the signed-in user's details (after a password change, say). */
  setUser: (user: User) => void;
}

const signedOut = { isAuthenticated: false, user: null, token: null, loading: false } as const;

/** The auth state machine: loading, signed in, signed out. */
export function createAuthStore(transport: AuthTransport, storage: TokenStorage) {
  return create<AuthState>()((set, get) => ({
    isAuthenticated: false,
    user: null,
    loading: true,
    token: null,

    init: async () => {
      const token = storage.get();
      if (!token) {
        set(signedOut);
        return;
      }
      set({ loading: true, token });
      try {
        const user = await transport.profile();
        // A sign-in or sign-out that happened while the profile was on its way wins.
        if (get().token !== token) return;
        set({ isAuthenticated: true, user, token, loading: false });
      } catch {
        if (get().token !== token) return;
        storage.set(null);
        set(signedOut);
      }
    },

    login: async (credentials) => {
      const { token, user } = await transport.login(credentials);
      storage.set(token);
      set({ isAuthenticated: true, user, token, loading: false });
      return user;
    },

    logout: async () => {
      try {
        if (get().token) await transport.logout();
      } catch {
        // The session ends here whatever the server answered; a dead token expires on its own.
      } finally {
        storage.set(null);
        set(signedOut);
      }
    },

    clear: () => {
      storage.set(null);
      set(signedOut);
    },

    can: (permission) => get().user?.permissions?.includes(permission) ?? false,

    setUser: (user) => set({ user }),
  }));
}

export type AuthStore = ReturnType<typeof createAuthStore>;
