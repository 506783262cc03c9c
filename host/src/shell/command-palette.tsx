import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useAuth } from '@admin/shared/auth';
import { REMOTE_NAMES, type RemoteName } from '@admin/shared/contract';
import { i18n, useT } from '@admin/shared/i18n';
import type { PaletteItem, RemoteModule } from '@admin/shared/remote';
import { useNavigate } from '@admin/shared/router';
import { Box, Input, Spinner, Text } from '@admin/shared/ui';
import { DialogShell, useDebounced } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { loadRemoteRoutes } from '../common/remotes/remotes';
import type { HostPage } from '../common/pages';
import { AREA_LABELS } from '../common/remotes/area-labels';
import { preloadHostPages } from './host-pages';
import { DEFAULT_TITLE, HOST_PAGES } from './menu';

interface Group {
  label: string;
  items: PaletteItem[];
}

const HOST_SCREENS: HostPage[] = [{ label: DEFAULT_TITLE, path: '/' }, ...HOST_PAGES];
/** Records are searched from this many characters on; screens match from the first. */
const MIN_SEARCH = 2;

interface Area {
  name: RemoteName;
  module: RemoteModule;
}

/**
 * Every area's './routes', as released for this user, with its texts loaded; an area that fails
 * to load adds nothing.
 */
function useRemoteAreas(open: boolean): Area[] {
  const loaded = useQuery({
    queryKey: ['command-palette', 'areas'],
    queryFn: async () => {
      const areas = (
        await Promise.allSettled(REMOTE_NAMES.map(async (name) => ({ name, module: await loadRemoteRoutes(name) })))
      )
        .filter((result): result is PromiseFulfilledResult<Area> => result.status === 'fulfilled')
        .map((result) => result.value);
      await i18n.loadNamespaces(areas.flatMap(({ module }) => (module.namespace ? [module.namespace] : [])));
      return areas;
    },
    enabled: open,
    staleTime: Infinity,
  });
  return loaded.data ?? [];
}

/** A title or label of an area's module: a key of its namespace, or, from a release without one, the text itself. */
function areaText(module: RemoteModule, text: string): string {
  return module.namespace ? i18n.t(text, { ns: module.namespace }) : text;
}

/**
 * The command palette (Ctrl/Cmd+K): a combobox whose list holds the screens (the host's own and
 * every area's routes) matching what is typed, and the customers, invoices and payments the
 * areas' server searches find. Arrow keys move, Enter opens, Escape closes.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(SIGNED_IN_TEXTS); // also re-renders every text when the language changes
  const navigate = useNavigate();
  const can = useAuth((state) => state.can);
  const areas = useRemoteAreas(open);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const settled = useDebounced(term).trim();
  const id = useId();

  useEffect(() => {
    if (!open) setTerm('');
    else preloadHostPages();
  }, [open]);

  const screens = useMemo(() => {
    const wanted = term.trim().toLowerCase();
    const all = [
      ...HOST_SCREENS.filter((page) => !page.permission || can(page.permission)).map((page) => ({
        label: t(page.label),
        path: page.path,
      })),
      ...areas.flatMap(({ name, module }) =>
        module.routes
          .filter((route) => !route.permission || can(route.permission))
          .map((route) => ({ label: areaText(module, route.title), detail: t(AREA_LABELS[name]), path: route.path })),
      ),
    ];
    return all.filter((item) => item.label.toLowerCase().includes(wanted));
  }, [areas, can, term, t]);

  const searches = areas
    .flatMap(({ module }) =>
      (module.search ?? []).map((search) => ({ ...search, label: areaText(module, search.label) })),
    )
    .filter((search) => !search.permission || can(search.permission));
  const records = useQuery({
    queryKey: ['command-palette', 'records', settled, searches.map((search) => search.label)],
    queryFn: async ({ signal }) =>
      (
        await Promise.allSettled(
          searches.map(async (search) => ({ label: search.label, items: await search.find(settled, signal) })),
        )
      )
        .filter((result): result is PromiseFulfilledResult<Group> => result.status === 'fulfilled')
        .map((result) => result.value),
    enabled: open && settled.length >= MIN_SEARCH && searches.length > 0,
  });

  const groups: Group[] = [
    { label: t('palette.screens'), items: screens },
    ...(settled.length >= MIN_SEARCH ? (records.data ?? []) : []),
  ].filter((group) => group.items.length > 0);
  const items = groups.flatMap((group) => group.items);
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const move = moves[event.key];
    if (move !== undefined && items.length) {
      event.preventDefault();
      setActive((current + move + items.length) % items.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : items.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[current]);
    }
  };

  let index = -1;
  return (
    <DialogShell open={open} title={t('palette.title')} onClose={onClose}>
      <Box px="6" pb="6">
        <Input
          role="combobox"
          aria-label={t('palette.search')}
          aria-expanded={items.length > 0}
          aria-controls={`${id}-listbox`}
          aria-autocomplete="list"
          aria-activedescendant={items.length ? optionId(current) : undefined}
          placeholder={t('palette.placeholder')}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          // Opened to type a search: the box takes the keys at once.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <Box id={`${id}-listbox`} role="listbox" aria-label={t('palette.results')} mt="3" maxH="60vh" overflowY="auto">
          {groups.map((group, groupIndex) => (
            <Box key={group.label} role="group" aria-labelledby={`${id}-group-${groupIndex}`} mb="2">
              <Text
                id={`${id}-group-${groupIndex}`}
                fontSize="xs"
                fontWeight="semibold"
                color="fg.muted"
                textTransform="uppercase"
                px="2"
                py="1"
              >
                {group.label}
              </Text>
              {group.items.map((item) => {
                index += 1;
                const mine = index;
                const selected = mine === current;
                return (
                  <Box
                    key={`${group.label}-${item.path}-${item.label}`}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={selected}
                    px="2"
                    py="1.5"
                    rounded="md"
                    cursor="pointer"
                    bg={selected ? 'colorPalette.subtle' : undefined}
                    colorPalette="blue"
                    onMouseMove={() => setActive(mine)}
                    onClick={() => go(item)}
                  >
                    <Text>{item.label}</Text>
                    {item.detail && (
                      <Text fontSize="sm" color="fg.muted">
                        {item.detail}
                      </Text>
                    )}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        {records.isFetching && (
          <Box mt="2" aria-live="polite">
            <Spinner size="sm" /> <Text as="span">{t('palette.searching')}</Text>
          </Box>
        )}
        {!items.length && !records.isFetching && (
          <Text mt="3" color="fg.muted" aria-live="polite">
            {t('palette.nothingFound')}
          </Text>
        )}
      </Box>
    </DialogShell>
  );
}
