import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../testing';
import type { ListControls } from './list-controls';
import type { Column } from './data-table';
import { ResourcePage } from './resource-page';

type Row = { _id: string; name: string; amount: number };
const COLUMNS: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name, sort: 'name' },
  { header: 'Amount', cell: (r) => r.amount, sort: 'amount', numeric: true },
  { header: 'Note', cell: () => '' },
];

function setup(sort?: ListControls['sort']) {
  const calls: string[] = [];
  const controls: ListControls = {
    sort,
    onSort: (column) => calls.push(`sort ${column}`),
    pageSize: 25,
    pageSizes: [10, 25, 50, 100],
    onPageSizeChange: (size) => calls.push(`size ${size}`),
    onExport: async () => {
      calls.push('export');
    },
  };
  renderPage(
    <ResourcePage<Row>
      title="Things"
      columns={COLUMNS}
      rows={[{ _id: '1', name: 'A', amount: 1 }]}
      loading={false}
      emptyText="None"
      page={1}
      pages={1}
      onPageChange={() => undefined}
      controls={controls}
    />,
  );
  return calls;
}

describe('list controls in ResourcePage', () => {
  it('marks the sorted column with aria-sort, others none, and a column without a sort name is plain text', () => {
    setup({ sort: 'amount', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
    const note = screen.getByRole('columnheader', { name: 'Note' });
    expect(note.getAttribute('aria-sort')).toBeNull();
    expect(note.querySelector('button')).toBeNull();
  });

  it('sorts from the header button, changes the page size and exports', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls).toEqual(['sort name', 'size 50', 'export']));
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('25');
  });
});
