import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { PERMISSION_PHRASES, PERMISSIONS, ROLE_PERMISSIONS } from './permissions';
import { ROLES } from './roles';

const DECISIONS = join(__dirname, '../../../docs/decisions.md');

describe('roles', () => {
  it('are documented in docs/decisions.md exactly as the code grants them', () => {
    const header = `| permission | allows one to | ${ROLES.join(' | ')} |`;
    const rows = PERMISSIONS.map(
      (p) =>
        `| \`${p}\` | ${PERMISSION_PHRASES[p]} | ${ROLES.map((r) => (ROLE_PERMISSIONS[r].includes(p) ? 'yes' : '—')).join(' | ')} |`,
    );
    expect(readFileSync(DECISIONS, 'utf8')).toContain(
      [header, `| --- | --- | ${ROLES.map(() => '---').join(' | ')} |`, ...rows].join('\n'),
    );
  });

  it('keep users and the audit log to the admin, and every change away from the viewer', () => {
    for (const role of ['accountant', 'sales', 'viewer'] as const) {
      expect(ROLE_PERMISSIONS[role].filter((p) => p.startsWith('users.') || p.startsWith('audit.'))).toEqual([]);
    }
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith('.read'))).toBe(true);
    expect(ROLE_PERMISSIONS.sales.filter((p) => p.endsWith('.delete') || p === 'payments.refund')).toEqual([]);
  });
});
