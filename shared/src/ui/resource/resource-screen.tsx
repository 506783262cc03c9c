import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { GenericSchema } from 'valibot';
import { DEFAULT_PAGE_LIMIT } from '@admin/shared/contract';
import { queryClient, type Resource } from '@admin/shared/query';
import { notifySuccess } from '../toaster';
import type { FieldConfig, Option } from './fields';
import { FilterSelect } from './filter-select';
import { FormDialog } from './form-dialog';
import { ConfirmDelete } from './confirm-delete';
import { ResourcePage, type Column } from './resource-page';
import { useDebounced } from './use-debounced';
import { useListParams } from './use-list-params';

export interface FilterConfig {
  /** Query parameter, e.g. 'productType'. */
  name: string;
  label: string;
  allLabel: string;
  options: Option[];
}

export interface ResourceFormConfig<T, TValues extends FieldValues, TOutput, TInput> {
  titles: { create: string; edit: string };
  schema: GenericSchema<TValues, TOutput>;
  /** Values of a new record. */
  empty: () => TValues;
  /** Values when editing `row`. */
  fromRow: (row: T) => TValues;
  /** The request body from validated values (dates to UTC midnight, empty optionals left out…). */
  toInput: (values: TOutput) => TInput;
  fields?: FieldConfig<TValues>[];
  children?: (form: UseFormReturn<TValues>) => ReactNode;
}

export interface ResourceScreenConfig<T, TValues extends FieldValues, TOutput, TInput> {
  resource: Resource<T, TInput>;
  title: string;
  /**
   * The record's kind in messages: 'Type' gives 'Type created successfully' and, when the answer
   * has no message, 'Failed to create type'.
   */
  noun: string;
  addLabel: string;
  searchPlaceholder?: string;
  emptyText: string;
  columns: Column<T>[];
  /** The name in the delete question and the row buttons' labels. */
  itemName: (row: T) => string;
  filters?: FilterConfig[];
  form: ResourceFormConfig<T, TValues, TOutput, TInput>;
  /** Other data a change here makes stale, e.g. the dashboard's keys. */
  invalidates?: QueryKey[];
  pageSize?: number;
}

/** Everything a CRUD screen does, from its configuration: list, search, filters, pages, add, edit, delete. */
export function ResourceScreen<T extends { _id: string }, TValues extends FieldValues, TOutput, TInput>(
  config: ResourceScreenConfig<T, TValues, TOutput, TInput>,
) {
  const { resource, noun, form } = config;
  const lower = noun.toLowerCase();
  // Page, search and filters live in the address, so a filtered list survives a reload.
  const { page, search, filters: filterValues, setPage, setSearch, setFilter } = useListParams(
    config.filters?.map((f) => f.name),
  );
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const settledSearch = useDebounced(search);

  const list = useQuery({
    ...resource.listQuery({ page, limit: config.pageSize ?? DEFAULT_PAGE_LIMIT, search: settledSearch.trim(), ...filterValues }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

  const refresh = () =>
    Promise.all([resource.keys.all, ...(config.invalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const save = useMutation({
    mutationFn: ({ row, input }: { row: T | null; input: TInput }) =>
      row
        ? resource.update(row._id, input, { errorToast: `Failed to update ${lower}` })
        : resource.create(input, { errorToast: `Failed to create ${lower}` }),
    onSuccess: (_data, { row }) => {
      notifySuccess(`${noun} ${row ? 'updated' : 'created'} successfully`);
      return refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (row: T) => resource.remove(row._id, { errorToast: `Failed to delete ${lower}` }),
    onSuccess: () => {
      notifySuccess(`${noun} deleted successfully`);
      return refresh();
    },
  });

  // After a delete empties the last page (or an old link names a page past the end), show the last page.
  const pages = list.data?.pagination.pages ?? 1;
  const pastEnd = list.isSuccess && !list.isFetching && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);

  const row = editing === 'new' ? null : editing;
  return (
    <>
      <ResourcePage<T>
        title={config.title}
        addLabel={config.addLabel}
        onAdd={() => setEditing('new')}
        search={{
          value: search,
          placeholder: config.searchPlaceholder,
          onChange: setSearch,
        }}
        filters={config.filters?.map((f) => (
          <FilterSelect
            key={f.name}
            label={f.label}
            allLabel={f.allLabel}
            options={f.options}
            value={filterValues[f.name] ?? ''}
            onChange={(value) => setFilter(f.name, value)}
          />
        ))}
        columns={config.columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={config.emptyText}
        rowName={config.itemName}
        onEdit={(r) => setEditing(r)}
        onDelete={(r) => setDeleting(r)}
        page={page}
        pages={pages}
        onPageChange={setPage}
      />
      <FormDialog<TValues, TOutput>
        open={editing !== null}
        mode={row ? 'edit' : 'create'}
        title={row ? form.titles.edit : form.titles.create}
        schema={form.schema}
        defaultValues={row ? form.fromRow(row) : form.empty()}
        fields={form.fields}
        onSubmit={(values) => save.mutateAsync({ row, input: form.toInput(values) })}
        onClose={() => setEditing(null)}
      >
        {form.children}
      </FormDialog>
      <ConfirmDelete
        name={deleting ? config.itemName(deleting) : null}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
