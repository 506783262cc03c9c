import { Box, Button, Flex, HStack, Heading, IconButton, Input, InputGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AuditEntityType, Permission } from '@admin/shared/contract';
import { DeleteIcon, EditIcon, PlusIcon, SearchIcon } from '@admin/shared/ui';
import { useAllowed } from '../access/can';
import { useKitT } from '../kit-texts';
import { HistoryButton } from '../audit/history-button';
import { DataTable, type Column } from './data-table';
import { ExportButton, PageSizeSelect, type ListControls } from './list-controls';
import { Pager } from './pager';

/** What a user needs to add, edit and delete a resource's records, e.g. 'customers.create'. */
export interface ResourcePermissions {
  create: Permission;
  update: Permission;
  delete: Permission;
}

export interface ResourcePageProps<T> {
  title: string;
  /** The add button's label, e.g. 'Add Type'; no button without it. */
  addLabel?: string;
  onAdd?: () => void;
  /** Extra buttons beside the add button. */
  actions?: ReactNode;
  /** Content between the header and the search bar, e.g. summary cards. */
  banner?: ReactNode;
  search?: { value: string; onChange: (value: string) => void; placeholder?: string };
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey?: (row: T) => string;
  loading: boolean;
  /** Exact text shown when the list is empty, e.g. 'No types found'. */
  emptyText: string;
  /** Adds an Actions column with edit and delete buttons named after the row. */
  rowName?: (row: T) => string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** More row buttons, before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  /**
   * Hides the add, edit and delete buttons from users without the named permission (not
   * disabled: staff see only what they may do). A button with no permission named shows to all.
   */
  permissions?: Partial<ResourcePermissions>;
  /** Adds a History button to each row, for users who may read the audit log; labelled by `rowName`, the id is `rowKey`. */
  history?: AuditEntityType;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Sortable headers, page size and the Export button (useResourceList's `controls`). */
  controls?: ListControls;
}

const defaultKey = (row: unknown) => String((row as { _id: string })._id);

/** The list screen every area uses: header, search and filters, table, spinner, empty text, pager. */
export function ResourcePage<T>(props: ResourcePageProps<T>) {
  const { title, addLabel, onAdd, actions, banner, search, filters, columns, rows, loading, emptyText } = props;
  const { rowName, rowActions, history, page, pages, onPageChange, controls } = props;
  const t = useKitT();
  const rowKey = props.rowKey ?? defaultKey;
  const canAdd = useAllowed(props.permissions?.create);
  const onEdit = useAllowed(props.permissions?.update) ? props.onEdit : undefined;
  const onDelete = useAllowed(props.permissions?.delete) ? props.onDelete : undefined;
  const showHistory = useAllowed('audit.read') && history !== undefined;
  // A user who may do nothing to the rows gets no empty Actions column.
  const hasActions = Boolean(onEdit || onDelete || rowActions || showHistory);
  const actionsColumn: Column<T> = {
    header: t('list.actions'),
    numeric: true,
    nowrap: true,
    sticky: true,
    cell: (row) => (
      <>
        {rowActions?.(row)}
        {showHistory && <HistoryButton entityType={history} entityId={rowKey(row)} label={rowName?.(row) ?? ''} />}
        {onEdit && (
          <IconButton
            aria-label={t('list.edit', { name: rowName?.(row) ?? '' }).trim()}
            size="xs"
            variant="ghost"
            onClick={() => onEdit(row)}
          >
            <EditIcon />
          </IconButton>
        )}
        {onDelete && (
          <IconButton
            aria-label={t('list.delete', { name: rowName?.(row) ?? '' }).trim()}
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => onDelete(row)}
          >
            <DeleteIcon />
          </IconButton>
        )}
      </>
    ),
  };

  return (
    <Box>
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {controls && <ExportButton controls={controls} />}
          {actions}
          {addLabel && canAdd && (
            <Button onClick={onAdd}>
              <PlusIcon /> {addLabel}
            </Button>
          )}
        </HStack>
      </Flex>
      {banner}
      {(search || filters) && (
        <Flex gap="3" mb="4" wrap="wrap" align="end">
          {search && (
            <InputGroup startElement={<SearchIcon boxSize="4" />} flex="1" minW="220px" maxW="md">
              <Input
                type="search"
                aria-label={t('list.search')}
                placeholder={search.placeholder ?? t('list.searchPlaceholder')}
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
              />
            </InputGroup>
          )}
          {filters}
        </Flex>
      )}
      <DataTable<T>
        label={title}
        columns={hasActions ? [...columns, actionsColumn] : columns}
        rows={rows}
        rowKey={rowKey}
        frame="box"
        list
        loading={loading}
        emptyText={emptyText}
        controls={controls}
      />
      <Flex mt="4" gap="3" align="center" justify="center" wrap="wrap">
        <Pager page={page} pages={pages} onChange={onPageChange} />
        {controls && <PageSizeSelect controls={controls} />}
      </Flex>
    </Box>
  );
}
