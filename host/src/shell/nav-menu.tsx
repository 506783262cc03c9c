import { useId, useState } from 'react';
import { NavLink, useLocation } from '@admin/shared/router';
import { Box, Button, ChevronDownIcon, ChevronRightIcon, Link, Stack } from '@admin/shared/ui';
import { preloadArea } from '../common/remotes/remotes';
import { isCurrent } from '../common/pages';
import { isGroup, useMenu, type MenuEntry, type MenuGroup } from './menu';

/** The menu: entries, and groups (Transactions, Masters, an area's own) that open and close on click. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const menu = useMenu();
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" p="2" m="0">
      {menu.map((node) =>
        isGroup(node) ? (
          <NavGroup key={node.id} group={node} onNavigate={onNavigate} />
        ) : (
          <NavEntry key={node.path} entry={node} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}

function NavEntry({ entry, onNavigate, nested }: { entry: MenuEntry; onNavigate?: () => void; nested?: boolean }) {
  const { pathname } = useLocation();
  const current = isCurrent(entry.path, pathname);
  // Pointing at an entry loads its page's code and starts its first request, so the click renders it at once.
  const { remote } = entry;
  const preload = remote ? () => preloadArea(remote, entry.path, { data: true }) : undefined;
  return (
    <Box as="li">
      <Link
        asChild
        display="block"
        px="3"
        py="2"
        ps={nested ? '8' : '3'}
        rounded="md"
        fontSize="sm"
        color={current ? 'colorPalette.fg' : 'fg'}
        bg={current ? 'colorPalette.subtle' : undefined}
        fontWeight={current ? 'semibold' : 'normal'}
        colorPalette="blue"
        textDecoration="none"
        _hover={{ bg: current ? 'colorPalette.subtle' : 'bg.muted', textDecoration: 'none' }}
      >
        <NavLink
          to={entry.path}
          end={entry.path === '/'}
          aria-current={current ? 'page' : undefined}
          onMouseEnter={preload}
          onFocus={preload}
          onClick={onNavigate}
        >
          {entry.label}
        </NavLink>
      </Link>
    </Box>
  );
}

function NavGroup({ group, onNavigate }: { group: MenuGroup; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <Box as="li">
      <Button
        variant="ghost"
        width="full"
        justifyContent="space-between"
        size="sm"
        fontWeight="semibold"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {group.label}
        {/* A closed group's chevron points along the reading direction: to the left in Arabic. */}
        {open ? <ChevronDownIcon /> : <ChevronRightIcon _rtl={{ transform: 'scaleX(-1)' }} />}
      </Button>
      <Stack as="ul" id={id} hidden={!open} display={open ? 'flex' : 'none'} gap="0.5" listStyleType="none" p="0" m="0">
        {group.entries.map((entry) => (
          <NavEntry key={entry.path} entry={entry} onNavigate={onNavigate} nested />
        ))}
      </Stack>
    </Box>
  );
}
