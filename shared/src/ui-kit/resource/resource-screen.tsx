import { useMutation } from '@tanstack/react-query';
import { Fragment, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import type { AuditEntityType, SortDirection } from '@admin/shared/contract';
import { IDEMPOTENCY_HEADER, idempotencyKeyPerBody } from '@admin/shared/api';
import type { Resource } from '@admin/shared/query';
import { notifySuccess } from '@admin/shared/ui';
import { useKitT } from '../kit-texts';
import type { FieldConfig } from './fields';
import type { Option } from './option-select';
import { FilterSelect } from './filter-select';
import { SchemaFormDialog, type SchemaFormDialogProps } from './schema-form-dialog';
import { ConfirmDelete } from './confirm-delete';
import { DateRangeFilter } from './date-range-filter';
import type { Column } from './data-table';
import { ResourcePage, type ResourcePermissions } from './resource-page';
import { useResourceList } from './use-resource-list';

export interface FilterConfig {
  /** Query parameter, e.g. 'productType'. */
  name: string;
  label: string;
  /** The "no filter" choice of the select, e.g. 'All Types'. */
  allLabel?: string;
  options?: Option[];
  /** A control of its own instead of the select (e.g. a customer search), holding the same query value. */
  render?: (value: string, onChange: (value: string) => void) => ReactNode;
}

export interface ResourceFormConfig<T, TValues extends FieldValues, TInput> {
  titles: { create: string; edit: string };
  /** Validates the values and makes the request body of them (see `formSchema`). */
  schema: GenericSchema<TValues, TInput>;
  /** Values of a new record. */
  empty: () => TValues;
  /** Values when editing `row`. */
  fromRow: (row: T) => TValues;
  fields?: FieldConfig<TValues, TInput>[];
  /** Wider dialogs for forms with tables of lines. */
  size?: SchemaFormDialogProps<TValues, TInput>['size'];
  /** Free layout after `fields`; `row` is the record being edited, null when adding. */
  children?: (form: UseFormReturn<TValues, unknown, TInput>, row: T | null) => ReactNode;
}

export interface ResourceScreenConfig<T, TValues extends FieldValues, TInput> {
  resource: Resource<T, TInput>;
  title: string;
  /**
   * The record's kind in messages, in the active language: 'Type' gives 'Type created successfully'
   * and, when the answer has no message, 'Failed to create type' (in Arabic with its article:
   * 'النوع' gives 'تم إنشاء النوع بنجاح').
   */
  noun: string;
  addLabel: string;
  searchPlaceholder?: string;
  emptyText: string;
  columns: Column<T>[];
  /** The name in the delete question and the row buttons' labels. */
  itemName: (row: T) => string;
  filters?: FilterConfig[];
  form: ResourceFormConfig<T, TValues, TInput>;
  pageSize?: number;
  /** The API's order when no header is chosen, shown on that column's header. */
  defaultSort?: { sort: string; order: SortDirection };
  /** From/To boxes for the list's date (the API's `from` and `to`). */
  dateRange?: boolean;
  /** More row buttons, before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  /** What adding, editing and deleting need; each button shows only to users who have it. */
  permissions: ResourcePermissions;
  /** The records' kind in the audit trail: a History button per row, for users who may read it. */
  history?: AuditEntityType;
  /** Content between the header and the search bar, e.g. a card of due items. */
  banner?: ReactNode;
  /**
   * Creating a record records money: the add dialog's submissions carry an Idempotency-Key, the same
   * for the same body (a retry after a lost answer returns the first record instead of a second) and
   * a new one for a changed body.
   */
  idempotentCreate?: boolean;
}

/** Everything a CRUD screen does, from its configuration: list, search, filters, pages, add, edit, delete. */
export function ResourceScreen<T extends { _id: string }, TValues extends FieldValues, TInput>(
  config: ResourceScreenConfig<T, TValues, TInput>,
) {
  const t = useKitT();
  const { resource, noun, form } = config;
  const lower = noun.toLowerCase();
  // Page, search and filters live in the address, so a filtered list survives a reload.
  const filterNames = [...(config.filters?.map((f) => f.name) ?? []), ...(config.dateRange ? ['from', 'to'] : [])];
  const {
    search,
    filters: filterValues,
    setSearch,
    setFilter,
    list,
    paging,
  } = useResourceList(resource, filterNames, config.pageSize, config.defaultSort);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const createKeyFor = useRef<((body: unknown) => string) | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  // Each write is a change to the resource: the stale map refreshes it and what shows it.
  const meta = { changes: resource.definition };

  const save = useMutation({
    mutationFn: ({ row, input }: { row: T | null; input: TInput }) =>
      row
        ? resource.update(row._id, input, { errorToast: t('resource.updateFailed', { noun: lower }) })
        : resource.create(input, {
            errorToast: t('resource.createFailed', { noun: lower }),
            headers: createKeyFor.current ? { [IDEMPOTENCY_HEADER]: createKeyFor.current(input) } : undefined,
          }),
    onSuccess: (_data, { row }) => notifySuccess(t(row ? 'resource.updated' : 'resource.created', { noun })),
    meta,
  });

  const remove = useMutation({
    mutationFn: (row: T) => resource.remove(row._id, { errorToast: t('resource.deleteFailed', { noun: lower }) }),
    onSuccess: () => notifySuccess(t('resource.deleted', { noun })),
    meta,
  });

  const row = editing === 'new' ? null : editing;
  return (
    <>
      <ResourcePage<T>
        title={config.title}
        addLabel={config.addLabel}
        onAdd={() => {
          createKeyFor.current = config.idempotentCreate ? idempotencyKeyPerBody() : null;
          setEditing('new');
        }}
        banner={config.banner}
        search={{
          value: search,
          placeholder: config.searchPlaceholder,
          onChange: setSearch,
        }}
        filters={[
          ...(config.filters?.map((f) => {
            const value = filterValues[f.name] ?? '';
            const onChange = (next: string) => setFilter(f.name, next);
            return f.render ? (
              <Fragment key={f.name}>{f.render(value, onChange)}</Fragment>
            ) : (
              <FilterSelect
                key={f.name}
                label={f.label}
                allLabel={f.allLabel ?? t('filter.all')}
                options={f.options ?? []}
                value={value}
                onChange={onChange}
              />
            );
          }) ?? []),
          config.dateRange && (
            <DateRangeFilter key="dates" from={filterValues.from} to={filterValues.to} onChange={setFilter} />
          ),
        ]}
        columns={config.columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={config.emptyText}
        rowName={config.itemName}
        onEdit={(r) => setEditing(r)}
        onDelete={(r) => setDeleting(r)}
        rowActions={config.rowActions}
        permissions={config.permissions}
        history={config.history}
        {...paging}
      />
      <SchemaFormDialog<TValues, TInput>
        open={editing !== null}
        mode={row ? 'edit' : 'create'}
        title={row ? form.titles.edit : form.titles.create}
        schema={form.schema}
        defaultValues={row ? form.fromRow(row) : form.empty()}
        fields={form.fields}
        size={form.size}
        onSubmit={(input) => save.mutateAsync({ row, input })}
        onClose={() => setEditing(null)}
      >
        {form.children && ((f: UseFormReturn<TValues, unknown, TInput>) => form.children!(f, row))}
      </SchemaFormDialog>
      <ConfirmDelete
        name={deleting ? config.itemName(deleting) : null}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
