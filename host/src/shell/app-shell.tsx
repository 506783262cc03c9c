import { Suspense, useEffect, useState } from 'react';
import { useT } from '@admin/shared/i18n';
import { Outlet, useLocation } from '@admin/shared/router';
import { Box, Center, Flex, Heading, IconButton, Link, MenuIcon, Portal, Spinner, Text } from '@admin/shared/ui';
import { CloseButton, Drawer } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { OverrideBanner } from '../platform/override-banner';
import { CompanyUnsetPrompt, useCompanyPromptSettled } from '../company/company-unset-prompt';
import { AreaMovedNotice } from '../common/remotes/area-moved-notice';
import { useRetireStaticShell } from '../common/static-shell';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { useAreaPages } from '../common/remotes/area-pages';
import { titleFor } from './menu';
import { NavMenu } from './nav-menu';
import { UserMenu } from './user-menu';

export const DRAWER_WIDTH = '240px';
const MAIN_ID = 'main-content';

/** The first Tab stop: straight to the page, past the menu (it shows only while focused). */
function SkipLink() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <Link
      href={`#${MAIN_ID}`}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg"
      rounded="md"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
    >
      {t('shell.skipToMain')}
    </Link>
  );
}

function Brand() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <Flex h="14" align="center" px="4" borderBottomWidth="1px">
      <Text fontWeight="bold" fontSize="lg">
        {t('shell.brand')}
      </Text>
    </Flex>
  );
}

/**
 * Top bar with the page title, the menu drawer (permanent from 'sm' up, toggled below) and the
 * user menu. Everything is placed by start and end, so in Arabic the menu is on the right.
 */
export function AppShell() {
  const t = useT(SIGNED_IN_TEXTS); // re-renders the title when the language changes
  const { pathname } = useLocation();
  const title = titleFor(pathname, useAreaPages(), t);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const companyPromptSettled = useCompanyPromptSettled();
  useRetireStaticShell();
  const loading = (
    <Center py="16">
      <Spinner size="lg" aria-label={t('shell.loading')} />
    </Center>
  );

  useEffect(() => {
    document.title = t('shell.documentTitle', { title });
  }, [t, title]);

  return (
    <Box minH="100vh" bg="bg.subtle">
      <SkipLink />
      <KeyboardShortcuts mainId={MAIN_ID} />
      <Box
        as="aside"
        display={{ base: 'none', sm: 'block' }}
        position="fixed"
        insetY="0"
        insetStart="0"
        width={DRAWER_WIDTH}
        bg="bg"
        borderEndWidth="1px"
        overflowY="auto"
        data-testid="permanent-drawer"
      >
        <Brand />
        <nav aria-label={t('shell.mainMenu')}>
          <NavMenu />
        </nav>
      </Box>

      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={DRAWER_WIDTH}>
              <Brand />
              <Drawer.Body p="0">
                <nav aria-label={t('shell.mainMenu')}>
                  <NavMenu onNavigate={() => setDrawerOpen(false)} />
                </nav>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('shell.closeMenu')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Box ms={{ base: 0, sm: DRAWER_WIDTH }}>
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="docked"
          h="14"
          align="center"
          gap="2"
          px="4"
          bg="bg"
          borderBottomWidth="1px"
        >
          <IconButton
            aria-label={t('shell.openMenu')}
            variant="ghost"
            display={{ base: 'inline-flex', sm: 'none' }}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Heading as="h1" size="lg" flex="1" truncate>
            {title}
          </Heading>
          <UserMenu />
        </Flex>
        <OverrideBanner />
        {/* Held as one until the company line is settled: the line and the page then come in
            together, where a page drawn first would be pushed down by the line (a layout shift). */}
        {companyPromptSettled ? (
          <>
            <CompanyUnsetPrompt />
            <AreaMovedNotice />
            <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" p={{ base: '4', md: '6' }}>
              {/* The shell stays while a page of its own (dashboard, platform) loads. */}
              <Suspense fallback={loading}>
                <Outlet />
              </Suspense>
            </Box>
          </>
        ) : (
          loading
        )}
      </Box>
    </Box>
  );
}
