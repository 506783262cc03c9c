import { Box, Center, Spinner, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useKitT } from '../kit-texts';
import { SortableHeader, type ListControls } from './list-controls';
import { TruncatedText } from './truncated-text';

/** A table's column, described as data. */
export interface Column<T> {
  /** The header: a text in the active language, or content (a printed document's label in its languages). */
  header: ReactNode;
  /** Tells the column apart from the others when its header is not a text. */
  key?: string;
  /** The cell of `row`, the `index`th row shown. */
  cell: (row: T, index: number) => ReactNode;
  /** Aligned to the end side, where figures line up: amounts, counts, a list's row buttons. */
  numeric?: boolean;
  /** Kept on one line (amounts, days and codes on paper). */
  nowrap?: boolean;
  /** The narrowest the column may get (a box to type an amount in). */
  minW?: string;
  /** The API's `sort` name for this column: with the table's `controls`, its header sorts the list. */
  sort?: string;
  /**
   * How many columns the cell of `row` covers, its own included (a statement's opening balance
   * under Type … Credit); the columns it covers are left out of that row.
   */
  span?: (row: T) => number;
  /**
   * Kept in view at the table's end side while the other columns scroll under it (a list's row
   * buttons stay on screen however wide its columns are).
   */
  sticky?: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name ('Invoice lines'), and its scrolling box's when `frame` is 'region'. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  /** Tells the rows apart; their position when omitted (rows that do not move). */
  rowKey?: (row: T, index: number) => string;
  /** Rows in bold (a statement's opening and closing balances). */
  strong?: (row: T) => boolean;
  size?: 'sm' | 'md';
  variant?: 'line' | 'outline';
  /**
   * Around the table: 'scroll' scrolls sideways where it stands (a wide table on a sheet), 'box'
   * also draws a rounded border, 'region' scrolls in a box named like the table that the keyboard
   * can reach (tables of figures that may be wider than the screen). None: the table alone.
   */
  frame?: 'scroll' | 'box' | 'region';
  /**
   * A list screen's table: below 'sm' (600 px, a phone) each row is a card listing every field
   * under its column's name, and a plain-text cell keeps to one line, cut with '…'.
   */
  list?: boolean;
  /** Rows still on their way: a spinner while there are none yet. */
  loading?: boolean;
  /** Exact text shown in the table when there are no rows ('No types found'). */
  emptyText?: string;
  /** Sortable headers (useResourceList's `controls`). */
  controls?: ListControls;
}

/**
 * Below 'sm' (600 px, a phone) each row is a card listing every field under its column's name
 * (the cell's data-label), so Amount, Status and Actions stay on screen without sideways
 * scrolling; the sortable headings stay above the cards, wrapped, as sort buttons.
 */
const PHONE_CARDS = {
  '@media (max-width: 599.98px)': {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: '1', mb: '2' },
    '& thead th': { display: 'block', borderBottomWidth: '0', px: '1' },
    // Only the sortable headings stay, as a row of sort buttons; the others name the card's fields.
    '& thead th:not([aria-sort])': { display: 'none' },
    '& tbody tr': { display: 'block', bg: 'bg', borderWidth: '1px', rounded: 'md', mb: '3', px: '3', py: '2' },
    '& tbody td': {
      display: 'grid',
      gridTemplateColumns: 'minmax(6rem, 35%) minmax(0, 1fr)',
      gap: '2',
      alignItems: 'center',
      textAlign: 'start',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      borderBottomWidth: '0',
      px: '0',
      py: '1',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'medium',
    },
    '& tbody td[colspan]': { display: 'block' },
  },
} as const;

const BOX = { borderWidth: '1px', rounded: 'md', overflowX: 'auto' } as const;
// A list's cards stand on the page on a phone: no border, no scrolling, no background of its own.
const LIST_BOX = {
  borderWidth: { base: '0', sm: '1px' },
  rounded: 'md',
  overflowX: { base: 'visible', sm: 'auto' },
  bg: { base: 'transparent', sm: 'bg' },
} as const;

/**
 * A column kept at the end side of its scrolling box, drawn over the columns scrolling under it;
 * from 'sm' up only (a phone's cards show every field already).
 */
const STICKY_END = {
  '@media (min-width: 600px)': {
    position: 'sticky',
    insetInlineEnd: '0',
    zIndex: '1',
    bg: 'bg',
    boxShadow: '-1px 0 0 0 var(--chakra-colors-border)',
    _rtl: { boxShadow: '1px 0 0 0 var(--chakra-colors-border)' },
  },
} as const;

/** A plain-text cell keeps to one line, cut with '…' and shown whole on hover or focus. */
const truncated = (content: ReactNode) => (typeof content === 'string' ? <TruncatedText text={content} /> : content);

const textOf = (header: ReactNode) => (typeof header === 'string' ? header : undefined);

/** The cells of `row`: each column's, but for the columns a cell before them spans. */
function cellsOf<T>(columns: Column<T>[], row: T) {
  const cells: { column: Column<T>; at: number; span: number }[] = [];
  let uncovered = 0; // the first column no cell before it spans
  for (const [at, column] of columns.entries()) {
    if (at < uncovered) continue;
    const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - at));
    cells.push({ column, at, span });
    uncovered = at + span;
  }
  return cells;
}

/**
 * The kit's one table: columns described as data (header, cell, alignment), rows, an accessible
 * name; lists add phone cards, sortable headers, a spinner and an empty text.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, strong, list, loading, emptyText, controls, frame } = props;
  const t = useKitT();
  const rowKey = props.rowKey ?? ((_row: T, index: number) => String(index));
  const keys = columns.map((c, i) => c.key ?? textOf(c.header) ?? String(i));
  const wholeRow = (content: ReactNode) => (
    <Table.Row>
      <Table.Cell colSpan={columns.length}>{content}</Table.Cell>
    </Table.Row>
  );

  const table = (
    <Table.Root
      size={props.size ?? 'sm'}
      variant={props.variant}
      aria-label={label}
      aria-busy={loading}
      css={list ? PHONE_CARDS : undefined}
    >
      <Table.Header>
        <Table.Row>
          {columns.map((c, i) => (
            <SortableHeader
              key={keys[i]}
              label={c.header}
              sortKey={c.sort}
              controls={controls}
              numeric={c.numeric}
              css={c.sticky ? STICKY_END : undefined}
            />
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows?.length
          ? rows.map((row, index) => (
              <Table.Row key={rowKey(row, index)} fontWeight={strong?.(row) ? 'semibold' : undefined}>
                {cellsOf(columns, row).map(({ column: c, at, span }) => (
                  <Table.Cell
                    key={keys[at]}
                    colSpan={span > 1 ? span : undefined}
                    data-label={list ? textOf(c.header) : undefined}
                    textAlign={c.numeric ? 'end' : undefined}
                    whiteSpace={c.nowrap ? 'nowrap' : undefined}
                    minW={c.minW}
                    css={c.sticky ? STICKY_END : undefined}
                  >
                    {list ? <Box minW="0">{truncated(c.cell(row, index))}</Box> : c.cell(row, index)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          : loading
            ? wholeRow(
                <Center py="8">
                  <Spinner role="status" aria-label={t('common.loading')} />
                </Center>,
              )
            : emptyText !== undefined &&
              wholeRow(
                <Text textAlign="center" py="6" color="fg.muted">
                  {emptyText}
                </Text>,
              )}
      </Table.Body>
    </Table.Root>
  );

  if (frame === 'region')
    return (
      <Table.ScrollArea tabIndex={0} role="region" aria-label={label}>
        {table}
      </Table.ScrollArea>
    );
  if (frame === 'box') return <Box {...(list ? LIST_BOX : BOX)}>{table}</Box>;
  if (frame === 'scroll') return <Box overflowX="auto">{table}</Box>;
  return table;
}
