import type { AuditAction, AuditEntityType, FieldChange } from '@admin/shared/contract';
import { canonicalJson } from '../lib/canonical-json';
import type { AuditEvent } from './trail';

/** Wire fields that are not a record's content: the id is the entry's entityId, the times are the entry's own. */
const NOT_CONTENT = ['_id', 'createdAt', 'updatedAt'];

/**
 * What changed between two wire forms of a record (the objects the API answers, so references
 * read as { _id, name } and money as fils), in the record's field order. A create lists every
 * field from null and a delete every field to null, so the trail holds the whole record at both
 * ends of its life; an edit lists only the fields that differ.
 */
export function changesOf(before: object | null, after: object | null, ignore: readonly string[] = []): FieldChange[] {
  const skip = new Set([...NOT_CONTENT, ...ignore]);
  const valueOf = (record: object | null, field: string) => (record as Record<string, unknown> | null)?.[field] ?? null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => !skip.has(field),
  );
  const changes = fields.map((field) => ({ field, before: valueOf(before, field), after: valueOf(after, field) }));
  if (!before || !after) return changes;
  return changes.filter((change) => canonicalJson(change.before) !== canonicalJson(change.after));
}

/** How one kind of record appears in the trail. */
export interface AuditedKind<T> {
  entityType: AuditEntityType;
  /** How staff name the record (its number or its name), from its wire form. */
  label: (record: T) => string;
  /** Wire fields computed from the clock or repeated from other records' entries: not recorded. */
  ignore?: readonly (keyof T & string)[];
}

/** The entry of a create (no before), an edit or a step (both), or a delete (no after). */
export function recordEvent<T extends { _id: string }>(
  kind: AuditedKind<T>,
  action: AuditAction,
  before: T | null,
  after: T | null,
): AuditEvent {
  const record = after ?? before;
  if (!record) throw new Error(`An audit entry of ${kind.entityType} needs the record before or after`);
  return {
    action,
    entityType: kind.entityType,
    entityId: record._id,
    label: kind.label(record),
    changes: changesOf(before, after, kind.ignore),
  };
}
