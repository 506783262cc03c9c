import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import * as v from 'valibot';
import { paginationOf, RESOURCES, type ListResponse } from '@admin/shared/contract';
import { createKeys, queryClient, type ListParams, type Resource } from '@admin/shared/query';
import { openDialog, renderPage } from '../../testing';
import { signInAs } from '../../testing';
import { createdDateColumn } from './columns';
import { ResourceScreen } from './resource-screen';

interface ProductType {
  _id: string;
  productTypeName: string;
  createdAt: string;
}
type TypeInput = { productTypeName: string };

/** An in-memory collection behind the Resource interface, with the API's paging and search. */
function memoryResource(rows: ProductType[], options: { failCreate?: AxiosError } = {}) {
  const calls: ListParams[] = [];
  /** The Idempotency-Key of each create call, in order. */
  const sentKeys: unknown[] = [];
  let next = rows.length + 1;
  const resource: Resource<ProductType, TypeInput> = {
    definition: RESOURCES.productTypes,
    path: '/types',
    keys: createKeys(RESOURCES.productTypes),
    listQuery: (params = {}) => ({
      queryKey: resource.keys.list(params),
      queryFn: async (): Promise<ListResponse<ProductType>> => {
        calls.push(params);
        const search = String(params.search ?? '').toLowerCase();
        const matching = rows.filter((r) => r.productTypeName.toLowerCase().includes(search));
        const page = Number(params.page ?? 1);
        const limit = Number(params.limit ?? 10);
        return {
          data: matching.slice((page - 1) * limit, page * limit),
          pagination: paginationOf(page, limit, matching.length),
        };
      },
    }),
    create: async (input, config) => {
      sentKeys.push((config?.headers as Record<string, unknown> | undefined)?.['Idempotency-Key']);
      if (options.failCreate) throw options.failCreate;
      const row = { _id: String(next++), createdAt: '2026-11-21T00:00:00.000Z', ...input };
      rows.push(row);
      return row;
    },
    update: async (id, input) => {
      const row = rows.find((r) => r._id === id)!;
      Object.assign(row, input);
      return row;
    },
    remove: async (id) => {
      rows.splice(
        rows.findIndex((r) => r._id === id),
        1,
      );
    },
  };
  return { resource, calls, sentKeys };
}

const TypeSchema = v.object({
  productTypeName: v.pipe(v.string(), v.trim(), v.nonEmpty('Type name is required')),
});

function TypesScreen({
  resource,
  idempotentCreate,
  history,
}: {
  resource: Resource<ProductType, TypeInput>;
  idempotentCreate?: boolean;
  history?: 'product-type';
}) {
  return (
    <ResourceScreen
      resource={resource}
      idempotentCreate={idempotentCreate}
      permissions={{ create: 'lookups.create', update: 'lookups.update', delete: 'lookups.delete' }}
      history={history}
      title="Product Types"
      noun="Type"
      addLabel="Add Type"
      searchPlaceholder="Search types..."
      emptyText="No types found"
      columns={[{ header: 'Type Name', cell: (t) => t.productTypeName }, createdDateColumn('Created Date')]}
      itemName={(t) => t.productTypeName}
      form={{
        titles: { create: 'Add New Type', edit: 'Edit Type' },
        schema: TypeSchema,
        empty: () => ({ productTypeName: '' }),
        fromRow: (t) => ({ productTypeName: t.productTypeName }),
        fields: [{ name: 'productTypeName', label: 'Type Name', required: true }],
      }}
    />
  );
}

const types = (...names: string[]): ProductType[] =>
  names.map((productTypeName, i) => ({ _id: String(i + 1), productTypeName, createdAt: '2026-11-20T00:00:00.000Z' }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  queryClient.clear();
});

describe('ResourceScreen', () => {
  it('shows a spinner while loading, then the rows with their columns', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware', 'Software')).resource} />);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hardware')).toBeTruthy();
    expect(screen.getByText('Software')).toBeTruthy();
    expect(screen.getAllByText('20/11/2026').length).toBe(2);
    for (const header of ['Type Name', 'Created Date', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });

  it('shows the exact empty text', async () => {
    renderPage(<TypesScreen resource={memoryResource([]).resource} />);
    expect(await screen.findByText('No types found')).toBeTruthy();
  });

  it('searches the server with what staff type, from page 1', async () => {
    const { resource, calls } = memoryResource(types('Hardware', 'Software', 'Services'));
    renderPage(<TypesScreen resource={resource} />);
    await screen.findByText('Hardware');
    fireEvent.change(screen.getByPlaceholderText('Search types...'), { target: { value: 'soft' } });
    await waitFor(() => expect(screen.queryByText('Hardware')).toBeNull());
    expect(screen.getByText('Software')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ page: 1, limit: 10, search: 'soft' });
  });

  it('pages through the list with the pager', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Type ${String(i + 1).padStart(2, '0')}`);
    renderPage(<TypesScreen resource={memoryResource(types(...names)).resource} />);
    await screen.findByText('Type 01');
    expect(screen.queryByText('Type 11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Type 11')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds a record: validation on submit, then Create, a success toast and the refreshed list', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} />);
    await screen.findByText('Hardware');
    fireEvent.click(screen.getByRole('button', { name: 'Add Type' }));
    const dialog = await openDialog();
    expect(within(dialog).getByText('Add New Type')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Type name is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Type Name/), { target: { value: 'Licences' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Type created successfully')).toBeTruthy();
    expect(await screen.findByText('Licences')).toBeTruthy();
  });

  it('edits a record in a dialog titled for editing, with an Update button', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Hardware' }));
    const dialog = await openDialog();
    expect(within(dialog).getByText('Edit Type')).toBeTruthy();
    const input = within(dialog).getByLabelText(/Type Name/) as HTMLInputElement;
    expect(input.value).toBe('Hardware');
    fireEvent.change(input, { target: { value: 'Hardware & Tools' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Type updated successfully')).toBeTruthy();
    expect(await screen.findByText('Hardware & Tools')).toBeTruthy();
  });

  it("puts the server's field errors under the fields and keeps the dialog open", async () => {
    const response = {
      status: 409,
      statusText: 'Conflict',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { message: 'Duplicate', errors: { productTypeName: 'A type with this name already exists' } },
    };
    const failCreate = new AxiosError('409', 'ERR_BAD_REQUEST', response.config, null, response);
    renderPage(<TypesScreen resource={memoryResource(types(), { failCreate }).resource} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Type' }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Type Name/), { target: { value: 'Hardware' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A type with this name already exists')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an idempotent create sends the same key for the same body again, a new one for a changed body or a new opening', async () => {
    const response = {
      status: 503,
      statusText: 'Unavailable',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { message: 'Down' },
    };
    const failCreate = new AxiosError('503', 'ERR_BAD_RESPONSE', response.config, null, response);
    const { resource, sentKeys } = memoryResource(types(), { failCreate });
    renderPage(<TypesScreen resource={resource} idempotentCreate />);
    const open = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Add Type' }));
      return openDialog();
    };
    const send = async (dialog: HTMLElement, name: string) => {
      const sent = sentKeys.length;
      fireEvent.change(within(dialog).getByLabelText(/Type Name/), { target: { value: name } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(sentKeys.length).toBe(sent + 1));
      // The failed send leaves the dialog open and its button usable again.
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(false),
      );
    };

    let dialog = await open();
    await send(dialog, 'Licences');
    await send(dialog, 'Licences');
    await send(dialog, 'Licences 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await open();
    await send(dialog, 'Licences');

    const [first, retry, changed, reopened] = sentKeys;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(reopened).not.toBe(first);
    expect(reopened).not.toBe(changed);
  });

  it('asks before deleting, naming the record, then removes it', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware', 'Software')).resource} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hardware' }));
    const confirm = await openDialog(undefined, 'alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete "Hardware"?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Type deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Hardware' })).toBeNull());
    expect(screen.getByText('Software')).toBeTruthy();
  });
});

describe('ResourceScreen permissions', () => {
  const rowButtons = () => screen.queryAllByRole('button', { name: /^(Add Type|Edit|Delete|History of) / });

  it('shows a viewer the list without Add, Edit or Delete, and no empty Actions column', async () => {
    signInAs('viewer');
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} history="product-type" />);
    expect(await screen.findByText('Hardware')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Type' })).toBeNull();
    expect(rowButtons()).toEqual([]);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows each button only with its own permission', async () => {
    signInAs(['lookups.read', 'lookups.update']);
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} />);
    expect(await screen.findByRole('button', { name: 'Edit Hardware' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Hardware' })).toBeNull();
  });

  it('gives an admin every button, History included', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} history="product-type" />);
    expect(await screen.findByRole('button', { name: 'History of Hardware' })).toBeTruthy();
    for (const name of ['Add Type', 'Edit Hardware', 'Delete Hardware'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('hides the buttons again when the user changes', async () => {
    renderPage(<TypesScreen resource={memoryResource(types('Hardware')).resource} />);
    await screen.findByRole('button', { name: 'Delete Hardware' });
    signInAs('viewer');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Hardware' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add Type' })).toBeNull();
  });
});
