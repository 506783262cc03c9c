import { permissionDenied, ROLE_PERMISSIONS, ROLES, type Role } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { CHANGE_PASSWORD_FIRST } from '../modules/auth/routes';
import { AuthService } from '../modules/auth/service';
import { requireAccessRule } from './access';
import { setUpApp } from '../test';

const tokens = {} as Record<Role, string>;
const PASSWORD = 'a long enough password 1';

const t = setUpApp();
beforeAll(async () => {
  const auth = new AuthService(t.db, t.config);
  for (const role of ROLES) {
    await auth.createUser({ username: `as-${role}`, name: role, password: PASSWORD, role });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `as-${role}`, password: PASSWORD },
    });
    tokens[role] = response.json().data.token;
  }
});

const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe('the route table', () => {
  it('lists every /api route with who may call it', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
    const open = t.app.apiRoutes.filter((r) => 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([
      'GET /api/docs',
      'GET /api/health',
      'GET /api/metrics',
      'GET /api/ready',
      'GET /api/settings/company/logo/:file',
      // A shared document: the link's secret is the key (modules/documents/links.ts).
      'GET /api/shared/:token',
      'HEAD /api/docs',
      'HEAD /api/health',
      'HEAD /api/metrics',
      'HEAD /api/ready',
      'HEAD /api/settings/company/logo/:file',
      'HEAD /api/shared/:token',
      'POST /api/auth/login',
    ]);
  });

  it('refuses a route that declares no permission, naming it', () => {
    const route = { method: 'GET', url: '/api/undeclared', handler: async () => 'open' } as const;
    expect(() => requireAccessRule(route)).toThrow('GET /api/undeclared declares no permission');
    expect(requireAccessRule({ ...route, config: { permission: 'invoices.read' } }).access).toEqual({
      permission: 'invoices.read',
    });
  });
});

describe.each(ROLES)('a %s', (role) => {
  it('is refused exactly the routes its role lacks, with the action named', async () => {
    const guarded = t.app.apiRoutes.filter(
      (r): r is typeof r & { access: { permission: never } } => 'permission' in r.access,
    );
    for (const route of guarded) {
      const url = route.url.replace(/:id\b/g, ANY_ID);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[role]}` },
        ...(['POST', 'PUT'].includes(route.method) ? { payload: {} } : {}),
      });
      const label = `${role} ${route.method} ${route.url}`;
      const permission = route.access.permission;
      if (ROLE_PERMISSIONS[role].includes(permission)) {
        expect({ label, status: response.statusCode }).not.toEqual({ label, status: 403 });
        expect({ label, status: response.statusCode < 500 }).toEqual({ label, status: true });
      } else {
        expect({ label, status: response.statusCode }).toEqual({ label, status: 403 });
        if (route.method !== 'HEAD') {
          expect(response.json()).toEqual({
            message: permissionDenied(permission),
            requestId: response.headers['x-request-id'],
          });
        }
      }
    }
  });
});

describe('a user who has not replaced a temporary password', () => {
  it('is refused every route but their own profile, password, language and sign-out', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { username: 'temporary', name: 'Temporary', role: 'admin' },
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'temporary', password: created.json().data.temporaryPassword },
    });
    expect(signedIn.json().data.user).toMatchObject({ mustChangePassword: true, role: 'admin' });
    const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
    // Every route but the public ones, signing out last since it ends the session.
    const routes = t.app.apiRoutes
      .filter((route) => !('public' in route.access))
      .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
    const open: string[] = [];
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:id\b/g, ANY_ID).replace(/:file\b/g, 'x.png'),
        headers,
        ...(['POST', 'PUT'].includes(route.method) ? { payload: {} } : {}),
      });
      const refused =
        response.statusCode === 403 && (route.method === 'HEAD' || response.json().message === CHANGE_PASSWORD_FIRST);
      if (!refused) open.push(`${route.method} ${route.url}`);
    }
    expect(open.sort()).toEqual([
      'GET /api/auth/profile',
      'HEAD /api/auth/profile',
      'POST /api/auth/logout',
      'POST /api/auth/password',
      'PUT /api/auth/language',
    ]);
  });
});
