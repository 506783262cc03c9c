import { useEffect, useState } from 'react';
import { useT } from '@admin/shared/i18n';
import { Box, Text } from '@admin/shared/ui';
import { DialogShell } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { CommandPalette } from './command-palette';

/** Each shortcut's keys and what it does, as catalogue keys. */
const SHORTCUTS: [keys: string, what: string][] = [
  ['shortcuts.palette.keys', 'shortcuts.palette'],
  ['shortcuts.search.keys', 'shortcuts.search'],
  ['shortcuts.help.keys', 'shortcuts.help'],
  ['shortcuts.close.keys', 'shortcuts.close'],
];

/** Where typing goes into a field, where '/' and '?' are just characters. */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/**
 * Whether a dialog has opened at least once: it joins the page then and stays (so it closes as a
 * dialog does); closed before that, it would still cost every page's first render its state machine.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The shell's keyboard shortcuts: Ctrl/Cmd+K opens the command palette from anywhere, '/' puts the
 * cursor in the list's search box and '?' lists the shortcuts (both outside text fields).
 */
export function KeyboardShortcuts({ mainId }: { mainId: string }) {
  const t = useT(SIGNED_IN_TEXTS);
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const paletteMounted = useOpenedOnce(palette);
  const helpMounted = useOpenedOnce(help);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setHelp(false);
        setPalette(true);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (event.key === '/') {
        const search = document.getElementById(mainId)?.querySelector<HTMLInputElement>('input[type="search"]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (event.key === '?') {
        event.preventDefault();
        setHelp(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [mainId]);

  return (
    <>
      {paletteMounted && <CommandPalette open={palette} onClose={() => setPalette(false)} />}
      {helpMounted && (
        <DialogShell open={help} title={t('shortcuts.title')} onClose={() => setHelp(false)}>
          <Box as="dl" px="6" pb="6">
            {SHORTCUTS.map(([keys, what]) => (
              <Box key={keys} display="flex" gap="4" py="1.5">
                {/* Key names read left to right in either language. */}
                <Text as="dt" minW="8rem" fontFamily="mono" fontWeight="semibold">
                  <bdi>{t(keys)}</bdi>
                </Text>
                <Text as="dd">{t(what)}</Text>
              </Box>
            ))}
          </Box>
        </DialogShell>
      )}
    </>
  );
}
