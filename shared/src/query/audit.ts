import type { AuditEntry } from '@admin/shared/contract';
import { auditLogKeys, type ListParams } from './keys';
import { listQueryOptions, type ListQueryOptions } from './resource';

const AUDIT_LOG_PATH = '/audit-log';

/**
 * GET /audit-log (needs 'audit.read'): the trail newest first, a page at a time, filtered by
 * entityType, entityId, actor, action, from and to. Read-only, so no create, update or delete;
 * its listQuery fits useResourceList for a filtered log page.
 */
export const auditLog = {
  path: AUDIT_LOG_PATH,
  keys: auditLogKeys,
  listQuery: (params?: ListParams): ListQueryOptions<AuditEntry> => listQueryOptions<AuditEntry>(AUDIT_LOG_PATH, auditLogKeys, params),
};
