import { Button, HStack, Table, Text, type SystemStyleObject } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { SortDirection } from '@admin/shared/contract';
import { ChevronDownIcon } from '@admin/shared/ui';
import { useKitT } from '../kit-texts';
import { OptionSelect } from './option-select';

/** What a list offers besides its rows: sortable headers, a page size, a CSV export (useResourceList builds it). */
export interface ListControls {
  /** The order shown on the headers: the address's sort, else the list's default. */
  sort?: { sort: string; order: SortDirection };
  onSort: (column: string) => void;
  pageSize: number;
  pageSizes: number[];
  onPageSizeChange: (size: number) => void;
  onExport: () => Promise<void>;
}

/**
 * A column header: a button that sorts by `sortKey` when the column has one (click or Enter/Space),
 * with `aria-sort` on the header cell for the column the list is sorted by. A text label also
 * names the column in the button's title.
 */
export function SortableHeader({
  label,
  sortKey,
  controls,
  numeric,
  css,
}: {
  label: ReactNode;
  sortKey?: string;
  controls?: ListControls;
  numeric?: boolean;
  /** Styles of the heading cell (a column kept in view at the table's end). */
  css?: SystemStyleObject;
}) {
  const t = useKitT();
  const align = numeric ? 'end' : undefined;
  if (!sortKey || !controls)
    return (
      <Table.ColumnHeader textAlign={align} css={css}>
        {label}
      </Table.ColumnHeader>
    );
  const active = controls.sort?.sort === sortKey ? controls.sort.order : undefined;
  return (
    <Table.ColumnHeader
      textAlign={align}
      css={css}
      aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button
        variant="plain"
        size="sm"
        px="0"
        h="auto"
        fontWeight="inherit"
        color="inherit"
        onClick={() => controls.onSort(sortKey)}
        title={typeof label === 'string' ? t('list.sortBy', { column: label }) : undefined}
      >
        {label}
        <ChevronDownIcon
          boxSize="3.5"
          opacity={active ? 1 : 0.35}
          transform={active === 'asc' ? 'rotate(180deg)' : undefined}
        />
      </Button>
    </Table.ColumnHeader>
  );
}

/** Under the table: how many rows a page shows. */
export function PageSizeSelect({ controls }: { controls: ListControls }) {
  const t = useKitT();
  return (
    <HStack gap="2">
      <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        <label htmlFor="list-page-size">{t('list.rowsPerPage')}</label>
      </Text>
      <OptionSelect
        root={{ size: 'sm', width: 'auto' }}
        id="list-page-size"
        value={controls.pageSize}
        onChange={(e) => controls.onPageSizeChange(Number(e.target.value))}
        options={controls.pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </HStack>
  );
}

/** In the toolbar: every row matching the search, filters and sort, as a CSV file. */
export function ExportButton({ controls, children }: { controls: ListControls; children?: ReactNode }) {
  const t = useKitT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await controls.onExport();
        } catch {
          // The API client has already shown the failure's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      {children ?? t('list.export')}
    </Button>
  );
}
