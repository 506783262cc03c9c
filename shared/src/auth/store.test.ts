import { describe, expect, it } from '@rstest/core';
import { createAuthStore, type AuthTransport, type TokenStorage, type User } from './store';

const alice: User = { _id: '1', name: 'Alice' };

function memoryStorage(initial: string | null = null): TokenStorage & { value: string | null } {
  const s = {
    value: initial,
    get: () => s.value,
    set: (token: string | null) => {
      s.value = token;
    },
  };
  return s;
}

function transport(overrides: Partial<AuthTransport> = {}): AuthTransport & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    profile: async () => {
      calls.push('profile');
      return alice;
    },
    login: async ({ username }) => {
      calls.push(`login:${username}`);
      return { token: 'new-token', user: alice };
    },
    logout: async () => {
      calls.push('logout');
    },
    ...overrides,
  };
}

describe('auth store', () => {
  it('starts loading and unauthenticated', () => {
    const store = createAuthStore(transport(), memoryStorage());
    expect(store.getState()).toMatchObject({ loading: true, isAuthenticated: false, user: null, token: null });
  });

  it('without a stored token, init ends loading unauthenticated and calls nothing', async () => {
    const t = transport();
    const store = createAuthStore(t, memoryStorage());
    await store.getState().init();
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: false, user: null });
    expect(t.calls).toEqual([]);
  });

  it('with a stored token, init fetches the profile and signs in', async () => {
    const t = transport();
    const store = createAuthStore(t, memoryStorage('stored'));
    await store.getState().init();
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: true, user: alice, token: 'stored' });
    expect(t.calls).toEqual(['profile']);
  });

  it('a failed profile fetch clears the stored token and ends unauthenticated', async () => {
    const storage = memoryStorage('expired');
    const store = createAuthStore(transport({ profile: () => Promise.reject(new Error('401')) }), storage);
    await store.getState().init();
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: false, user: null, token: null });
    expect(storage.value).toBeNull();
  });

  it('login stores the token and sets user and token', async () => {
    const storage = memoryStorage();
    const store = createAuthStore(transport(), storage);
    await store.getState().init();
    await store.getState().login({ username: 'admin', password: 'x' });
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: true, user: alice, token: 'new-token' });
    expect(storage.value).toBe('new-token');
  });

  it('a failed login rejects and leaves the visitor signed out', async () => {
    const storage = memoryStorage();
    const store = createAuthStore(
      transport({ login: () => Promise.reject(new Error('Invalid username or password')) }),
      storage,
    );
    await store.getState().init();
    await expect(store.getState().login({ username: 'admin', password: 'bad' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(store.getState().isAuthenticated).toBe(false);
    expect(storage.value).toBeNull();
  });

  it('logout calls the server, removes the token and clears the user, even when the call fails', async () => {
    for (const logout of [async () => {}, () => Promise.reject(new Error('network'))]) {
      const storage = memoryStorage('stored');
      const t = transport({ logout });
      const store = createAuthStore(t, storage);
      await store.getState().init();
      await store.getState().logout();
      expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, token: null, loading: false });
      expect(storage.value).toBeNull();
    }
  });

  it('clear (an auth error) signs out without a call', async () => {
    const storage = memoryStorage('stored');
    const t = transport();
    const store = createAuthStore(t, storage);
    await store.getState().init();
    store.getState().clear();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, token: null });
    expect(storage.value).toBeNull();
    expect(t.calls).toEqual(['profile']);
  });

  it('a sign-out while the start-up profile check is on its way is not undone by its answer', async () => {
    let answer: (u: User) => void = () => {};
    const store = createAuthStore(
      transport({ profile: () => new Promise<User>((resolve) => (answer = resolve)) }),
      memoryStorage('stored'),
    );
    const init = store.getState().init();
    store.getState().clear();
    answer(alice);
    await init;
    expect(store.getState().isAuthenticated).toBe(false);
  });
});
