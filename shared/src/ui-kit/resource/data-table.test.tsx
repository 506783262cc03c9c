import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '../../testing';
import { DataTable, type Column } from './data-table';
import type { ListControls } from './list-controls';

interface Line {
  name: string;
  amount: number;
  total?: boolean;
}

const LINES: Line[] = [
  { name: 'Cable', amount: 666 },
  { name: 'Plug', amount: 1_250 },
  { name: 'Total', amount: 1_916, total: true },
];

const COLUMNS: Column<Line>[] = [
  // A total's label runs across the first two columns.
  { header: '#', cell: (line, i) => (line.total ? line.name : i + 1), span: (line) => (line.total ? 2 : 1) },
  { header: 'Product', cell: (line) => line.name },
  { header: <span lang="ar">المبلغ</span>, key: 'amount', numeric: true, cell: (line) => `${line.amount} fils` },
];

const cellTexts = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('cell')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('lays out columns described as data, named for assistive technology', () => {
    renderPage(<DataTable label="Invoice lines" columns={COLUMNS} rows={LINES} strong={(line) => !!line.total} />);
    const table = screen.getByRole('table', { name: 'Invoice lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Product', 'المبلغ']);
    const [, cable, plug, total] = within(table).getAllByRole('row');
    if (!cable || !plug || !total) throw new Error('a header row and three lines');
    expect(cellTexts(cable)).toEqual(['1', 'Cable', '666 fils']);
    expect(cellTexts(plug)).toEqual(['2', 'Plug', '1250 fils']);
    // The spanning cell covers the column after it.
    expect(cellTexts(total)).toEqual(['Total', '1916 fils']);
    expect(within(total).getByRole('cell', { name: 'Total' }).getAttribute('colspan')).toBe('2');
    // Neither a scrolling region nor a list's card labels unless asked for.
    expect(screen.queryByRole('region', { name: 'Invoice lines' })).toBeNull();
    expect(table.querySelector('[data-label]')).toBeNull();
  });

  it('scrolls in a region named like the table when framed as one (a keyboard stop)', () => {
    renderPage(<DataTable label="Areas" columns={COLUMNS} rows={LINES} frame="region" />);
    const region = screen.getByRole('region', { name: 'Areas' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Areas' })).toBeTruthy();
  });

  it("as a list, names each cell's column for the phone's cards, and shows a spinner, then the empty text", () => {
    const list = (loading: boolean) => (
      <DataTable label="Products" columns={COLUMNS} rows={[]} list loading={loading} emptyText="No products found" />
    );
    const table = () => screen.getByRole('table', { name: 'Products' });
    const loading = renderPage(list(true));
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(within(table()).getByRole('status', { name: 'Loading' })).toBeTruthy();
    loading.unmount();
    const empty = renderPage(list(false));
    expect(within(table()).getByText('No products found')).toBeTruthy();
    empty.unmount();

    renderPage(<DataTable label="Products" columns={COLUMNS} rows={LINES.slice(0, 1)} list />);
    const cells = within(table()).getAllByRole('cell');
    // A header that is not a text names no field.
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['#', 'Product', null]);
  });

  it('sorts by a column that has a sort name when given the list controls', () => {
    const sorted: string[] = [];
    const controls: ListControls = {
      sort: { sort: 'amount', order: 'desc' },
      onSort: (column) => sorted.push(column),
      pageSize: 10,
      pageSizes: [10],
      onPageSizeChange: () => undefined,
      onExport: async () => undefined,
    };
    const [, product] = COLUMNS;
    if (!product) throw new Error('COLUMNS has a Product column');
    renderPage(
      <DataTable
        label="Lines"
        columns={[product, { header: 'Amount', numeric: true, sort: 'amount', cell: (line) => line.amount }]}
        rows={LINES}
        controls={controls}
      />,
    );
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Product' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(amount).getByRole('button', { name: /Amount/ }));
    expect(sorted).toEqual(['amount']);
  });
});
