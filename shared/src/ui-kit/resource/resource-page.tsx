import {
  Box,
  Button,
  Center,
  Flex,
  HStack,
  Heading,
  IconButton,
  Input,
  InputGroup,
  Spinner,
  Table,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AuditEntityType, Permission } from '@admin/shared/contract';
import { DeleteIcon, EditIcon, PlusIcon, SearchIcon } from '@admin/shared/ui';
import { useAllowed } from '../access/can';
import { useKitT } from '../kit-texts';
import { HistoryButton } from '../audit/history-button';
import { ExportButton, PageSizeSelect, SortableHeader, type ListControls } from './list-controls';
import { Pager } from './pager';
import { TruncatedText } from './truncated-text';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligns the column (amounts). */
  numeric?: boolean;
  /** The API's `sort` name for this column: its header sorts the list. */
  sort?: string;
}

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

/** A plain-text cell keeps to one line, cut with '…' and shown whole on hover or focus. */
const truncated = (content: ReactNode) => (typeof content === 'string' ? <TruncatedText text={content} /> : content);

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
  const colCount = columns.length + (hasActions ? 1 : 0);

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
      <Box
        borderWidth={{ base: '0', sm: '1px' }}
        rounded="md"
        overflowX={{ base: 'visible', sm: 'auto' }}
        bg={{ base: 'transparent', sm: 'bg' }}
      >
        <Table.Root size="sm" aria-label={title} aria-busy={loading} css={PHONE_CARDS}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <SortableHeader
                  key={c.header}
                  label={c.header}
                  sortKey={c.sort}
                  controls={controls}
                  numeric={c.numeric}
                />
              ))}
              {hasActions && <Table.ColumnHeader textAlign="end">{t('list.actions')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading && !rows?.length ? (
              <Table.Row>
                <Table.Cell colSpan={colCount}>
                  <Center py="8">
                    <Spinner role="status" aria-label={t('common.loading')} />
                  </Center>
                </Table.Cell>
              </Table.Row>
            ) : !rows?.length ? (
              <Table.Row>
                <Table.Cell colSpan={colCount}>
                  <Text textAlign="center" py="6" color="fg.muted">
                    {emptyText}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row) => (
                <Table.Row key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Cell key={c.header} data-label={c.header} textAlign={c.numeric ? 'end' : undefined}>
                      {truncated(c.cell(row))}
                    </Table.Cell>
                  ))}
                  {hasActions && (
                    <Table.Cell data-label={t('list.actions')} textAlign="end" whiteSpace="nowrap">
                      {rowActions?.(row)}
                      {showHistory && (
                        <HistoryButton entityType={history} entityId={rowKey(row)} label={rowName?.(row) ?? ''} />
                      )}
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
                    </Table.Cell>
                  )}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex mt="4" gap="3" align="center" justify="center" wrap="wrap">
        <Pager page={page} pages={pages} onChange={onPageChange} />
        {controls && <PageSizeSelect controls={controls} />}
      </Flex>
    </Box>
  );
}
