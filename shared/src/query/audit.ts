import { CORE_RESOURCES, type AuditEntry } from '@admin/shared/contract';
import { createKeys, type ListParams } from './keys';
import { listQueryOptions, type ListQueryOptions } from './resource';

const { path } = CORE_RESOURCES.auditLog;
const keys = createKeys(CORE_RESOURCES.auditLog);

/**
 * GET /audit-log (needs 'audit.read'): the trail newest first, a page at a time, filtered by
 * entityType, entityId, actor, action, from and to. Read-only, so no create, update or delete;
 * its listQuery fits useResourceList for a filtered log page. Its lists (the log page, a record's
 * history) sit under `keys.all`.
 */
export const auditLog = {
  path,
  keys,
  listQuery: (params?: ListParams): ListQueryOptions<AuditEntry> => listQueryOptions<AuditEntry>(path, keys, params),
};
