import type { AuditEntityType } from './audit';
import type { Permission } from './permissions';

/** The first part of a permission: 'customers' of 'customers.read'. */
type PermissionGroupOf<P> = P extends `${infer Group}.${string}` ? Group : never;
export type PermissionGroup = PermissionGroupOf<Permission>;

/** A group's permissions by action: { read: 'customers.read', create: 'customers.create', … }. */
export type GroupPermissions<G extends PermissionGroup> = {
  [P in Permission as P extends `${G}.${infer Action}` ? Action : never]: P;
};

/**
 * Everything the browser names a resource by: `path` is its API collection (under /api), `key` the
 * first part of every query key of its data (so invalidating [key] refreshes all of it), `page`
 * the staff page that lists it, `permissions` what each action needs, `noun` the catalogue key of
 * one record in the texts of the area that shows it, `auditEntity` what its audit entries are about.
 *
 * The shared query module takes a definition, never a name: an area that adds a resource hands its
 * definition over with its release, and the host's copy of the shared modules needs no entry for it.
 */
export interface ResourceDefinition {
  path: string;
  key: string;
  page?: string;
  permissions: Readonly<Record<string, Permission>>;
  noun?: string;
  auditEntity?: AuditEntityType;
}

/**
 * What a change to a resource makes stale, by query key: itself and every resource whose screens
 * show what it changed. The page's query client keeps the union of what every loaded app hands it.
 */
export type StaleEdges = Readonly<Record<string, readonly string[]>>;
