import { Box, Input, Spinner, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useKitT } from '../kit-texts';
import { useDebounced } from '../resource/use-debounced';

export interface SearchSelectProps<T> {
  /** The chosen record's id; '' or null when nothing is chosen. */
  value: string | null | undefined;
  /** The chosen record's name when the caller has it (the row being edited), so no lookup is needed. */
  valueLabel?: string;
  onChange: (item: T | null) => void;
  /** The cache key of one search, e.g. customers.list({ limit: 50, search }). */
  queryKey: (search: string) => QueryKey;
  /** Asks the server for the records matching `search` ('' for the first ones). */
  search: (search: string, signal: AbortSignal) => Promise<T[]>;
  /** Looks a record up by id, for a value whose name is not known (a filter restored from the address). */
  fetchOne?: { queryKey: (id: string) => QueryKey; fetch: (id: string, signal: AbortSignal) => Promise<T> };
  itemValue: (item: T) => string;
  itemLabel: (item: T) => string;
  /** A second, muted line under an option, e.g. a product's price. */
  itemDetail?: (item: T) => ReactNode;
  placeholder?: string;
  /** Shown in the list when the search finds nothing. */
  emptyText?: string;
  /** Emptying the box and leaving it clears the choice (filters); otherwise the last choice stays. */
  clearable?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  name?: string;
  'aria-label'?: string;
  onBlur?: () => void;
  minW?: string;
  maxW?: string;
}

/**
 * A combobox that searches the server as staff type: it asks only while its list is open, so
 * it finds the right record among any number of them, and shows the chosen record's name.
 * Keyboard: arrows move, Enter chooses, Escape closes.
 */
export function SearchSelect<T>(props: SearchSelectProps<T>) {
  const { value, valueLabel, onChange, itemValue, itemLabel, itemDetail, clearable, fetchOne } = props;
  const t = useKitT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  // What staff typed; null while the box shows the chosen record's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  // The name of a record chosen here, until the value changes to another one.
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);

  const term = useDebounced((typed ?? '').trim(), 250);
  const results = useQuery({
    queryKey: props.queryKey(term),
    queryFn: ({ signal }) => props.search(term, signal),
    enabled: open && !props.disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const id = value || '';
  const knownLabel = chosen?.id === id ? chosen.label : valueLabel;
  const lookup = useQuery({
    queryKey: fetchOne ? fetchOne.queryKey(id) : ['search-select', id],
    queryFn: ({ signal }) => fetchOne!.fetch(id, signal),
    enabled: Boolean(fetchOne && id && knownLabel === undefined),
    staleTime: 60_000,
  });
  const label = id ? (knownLabel ?? (lookup.data ? itemLabel(lookup.data) : '')) : '';

  const items = results.data ?? [];
  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (item: T) => {
    setChosen({ id: itemValue(item), label: itemLabel(item) });
    onChange(item);
    close();
  };
  const show = () => {
    setActive(0);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (items.length ? (i + step + items.length) % items.length : 0));
    } else if (e.key === 'Enter' && open) {
      // Choosing must not submit the form around the box.
      e.preventDefault();
      if (items[active]) choose(items[active]);
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      close();
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    // In a form the picker fills its field (a filter sets its own width with minW/maxW).
    <Box
      position="relative"
      minW={props.minW}
      maxW={props.maxW}
      flex={props.minW ? '1' : undefined}
      width={props.minW ? undefined : 'full'}
    >
      <Input
        role="combobox"
        aria-label={props['aria-label']}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        name={props.name}
        autoComplete="off"
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={typed ?? label}
        onClick={() => !open && show()}
        onChange={(e) => {
          setTyped(e.target.value);
          show();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (clearable && typed !== null && typed.trim() === '') {
            setChosen(null);
            onChange(null);
          }
          close();
          props.onBlur?.();
        }}
      />
      {open && (
        <Box
          as="ul"
          role="listbox"
          id={listId}
          aria-label={props['aria-label']}
          position="absolute"
          top="100%"
          insetInline="0"
          mt="1"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          maxH="64"
          overflowY="auto"
          py="1"
          listStyleType="none"
        >
          {results.isPending ? (
            <Box as="li" px="3" py="2" display="flex" gap="2" alignItems="center">
              <Spinner size="xs" /> <Text fontSize="sm">{t('search.searching')}</Text>
            </Box>
          ) : items.length === 0 ? (
            <Box as="li" px="3" py="2">
              <Text fontSize="sm" color="fg.muted">
                {props.emptyText ?? t('search.nothingFound')}
              </Text>
            </Box>
          ) : (
            items.map((item, i) => {
              const detail = itemDetail?.(item);
              return (
                <Box
                  as="li"
                  key={itemValue(item)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={itemValue(item) === id}
                  px="3"
                  py="1.5"
                  cursor="pointer"
                  bg={i === active ? 'bg.muted' : undefined}
                  fontWeight={itemValue(item) === id ? 'semibold' : undefined}
                  onMouseEnter={() => setActive(i)}
                  // Keeps the focus in the box, so its blur does not close the list before the click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                >
                  <Text fontSize="sm">{itemLabel(item)}</Text>
                  {detail && (
                    <Text fontSize="xs" color="fg.muted">
                      {detail}
                    </Text>
                  )}
                </Box>
              );
            })
          )}
        </Box>
      )}
    </Box>
  );
}
