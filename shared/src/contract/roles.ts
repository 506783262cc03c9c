// The staff roles, apart from what each may do (permissions.ts, which grows with the areas): the
// host's users page names and offers them.
export const ROLES = ['admin', 'accountant', 'sales', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  accountant: 'Accountant',
  sales: 'Sales',
  viewer: 'Viewer',
};
