import { useAuth } from '@admin/shared/auth';
import { isLanguage } from '@admin/shared/contract';
import { LANGUAGES, useLanguage, useT } from '@admin/shared/i18n';
import { useNavigate } from '@admin/shared/router';
import { IconButton, Portal, UserIcon, notifySuccess, useColorMode, type ColorModeChoice } from '@admin/shared/ui';
import { Menu } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { LANGUAGE_NAMES, chooseLanguage } from '../common/choose-language';
import { preloadHostPages } from './host-pages';
import { HOST_PAGES } from './menu';

const THEMES: { value: ColorModeChoice; label: string }[] = [
  { value: 'system', label: 'userMenu.theme.system' },
  { value: 'light', label: 'userMenu.theme.light' },
  { value: 'dark', label: 'userMenu.theme.dark' },
];

export function UserMenu() {
  const t = useT(SIGNED_IN_TEXTS);
  const name = useAuth((s) => s.user?.name) || t('userMenu.defaultName');
  const permissions = useAuth((s) => s.user?.permissions);
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();
  const { choice, choose } = useColorMode();
  const language = useLanguage();

  const signOut = async () => {
    await logout();
    notifySuccess(t('userMenu.loggedOut'));
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onOpenChange={({ open }) => open && preloadHostPages()}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('userMenu.account')}
          variant="ghost"
          rounded="full"
          onPointerEnter={preloadHostPages}
          onFocus={preloadHostPages}
        >
          <UserIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="180px">
            <Menu.Item value="user" disabled>
              {name}
            </Menu.Item>
            <Menu.Separator />
            {HOST_PAGES.filter((page) => !page.permission || permissions?.includes(page.permission)).map((page) => (
              <Menu.Item key={page.path} value={page.path} onSelect={() => navigate(page.path)}>
                {t(page.label)}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.RadioItemGroup value={choice} onValueChange={(e) => choose(e.value as ColorModeChoice)}>
              <Menu.ItemGroupLabel>{t('userMenu.theme')}</Menu.ItemGroupLabel>
              {THEMES.map((theme) => (
                <Menu.RadioItem key={theme.value} value={theme.value}>
                  {t(theme.label)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={language}
              onValueChange={(e) => isLanguage(e.value) && void chooseLanguage(e.value)}
            >
              <Menu.ItemGroupLabel>{t('userMenu.language')}</Menu.ItemGroupLabel>
              {LANGUAGES.map((option) => (
                <Menu.RadioItem key={option} value={option} lang={option}>
                  {LANGUAGE_NAMES[option]}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={signOut}>
              {t('userMenu.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
