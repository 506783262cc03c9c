import type { Permission } from '@admin/shared/contract';
import type { RouteOptions } from 'fastify';

/** An /api route and who may call it, as the route table lists it. */
export interface ApiRoute {
  method: string;
  url: string;
  access: { public: true } | { ownAccount: true } | { anyUser: true } | { permission: Permission };
}

/** The route's declared access, or an error naming the route that declares none. */
export function requireAccessRule(route: RouteOptions): ApiRoute {
  const config = (route.config ?? {}) as {
    public?: boolean;
    ownAccount?: boolean;
    anyUser?: boolean;
    permission?: Permission;
  };
  const method = [route.method].flat().join(',');
  const access = config.public
    ? ({ public: true } as const)
    : config.ownAccount
      ? ({ ownAccount: true } as const)
      : config.anyUser
        ? ({ anyUser: true } as const)
        : config.permission
          ? { permission: config.permission }
          : undefined;
  if (!access) throw new Error(`${method} ${route.url} declares no permission (config.permission, anyUser or public)`);
  return { method, url: route.url, access };
}

/** The permissions of one resource's five CRUD routes, e.g. customers.read … customers.delete. */
export interface CrudPermissions {
  read: Permission;
  create: Permission;
  update: Permission;
  delete: Permission;
}
