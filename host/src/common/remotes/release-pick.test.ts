import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import type { Permission, RemoteEntry } from '@admin/shared/contract';
import { changeOverride, pickRelease, rememberFallback } from './release-pick';

const sales: RemoteEntry = {
  version: '1.0.0-aaaaaaaa',
  entry: '/remotes/sales/1.0.0-aaaaaaaa/mf-manifest.json',
  canary: { version: '1.0.0-bbbbbbbb', entry: '/remotes/sales/1.0.0-bbbbbbbb/mf-manifest.json', percent: 30 },
};
const users = Array.from({ length: 2000 }, (_, i) => ({ _id: `0000${i}-4000-8000-000000000000` }));
const admin = { _id: 'admin-1', permissions: ['platform.manage'] as Permission[] };
const tried = { version: '1.0.0-cccccccc', entry: '/remotes/sales/1.0.0-cccccccc/mf-manifest.json' };

beforeEach(() => {
  rs.spyOn(window.location, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  rs.restoreAllMocks();
  sessionStorage.clear();
});

describe('pickRelease', () => {
  it('gives the canary to its share of users, the same ones on every load, and other users per area', () => {
    const canaryUsers = users.filter((user) => pickRelease('sales', sales, user).channel === 'canary');
    expect(canaryUsers.length / users.length).toBeGreaterThan(0.26);
    expect(canaryUsers.length / users.length).toBeLessThan(0.34);
    expect(canaryUsers.every((user) => pickRelease('sales', sales, user).version === sales.canary?.version)).toBe(true);
    const mastersCanary = users.filter((user) => pickRelease('masters', sales, user).channel === 'canary');
    expect(mastersCanary).not.toEqual(canaryUsers);
    const [canaryUser] = canaryUsers;
    if (!canaryUser) throw new Error('some users get the canary');
    expect(pickRelease('sales', { version: sales.version, entry: sales.entry }, canaryUser).channel).toBe('stable');
  });

  it('keeps a tab whose canary failed on the stable release until another canary comes', () => {
    const user = users.find((u) => pickRelease('sales', sales, u).channel === 'canary')!;
    rememberFallback('sales', '1.0.0-bbbbbbbb');
    expect(pickRelease('sales', sales, user)).toMatchObject({ channel: 'stable', version: sales.version });
    const next = { ...sales, canary: { ...sales.canary!, version: '1.0.0-dddddddd' } };
    expect(pickRelease('sales', next, user)).toMatchObject({ channel: 'canary', version: '1.0.0-dddddddd' });
  });

  it('runs an override only for the user who set it, while they may manage the platform', () => {
    changeOverride(admin._id, 'sales', tried);
    expect(window.location.reload).toHaveBeenCalled();
    expect(pickRelease('sales', sales, admin)).toEqual({ ...tried, channel: 'override' });
    expect(pickRelease('masters', sales, admin).channel).not.toBe('override');
    expect(pickRelease('sales', sales, { ...admin, permissions: [] }).channel).not.toBe('override');
    expect(pickRelease('sales', sales, { _id: 'someone-else', permissions: admin.permissions }).channel).not.toBe(
      'override',
    );
    changeOverride(admin._id, 'sales');
    expect(pickRelease('sales', sales, admin).channel).not.toBe('override');
  });
});
