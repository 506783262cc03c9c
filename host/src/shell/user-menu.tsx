import { useAuth } from '@admin/shared/auth';
import { useNavigate } from '@admin/shared/router';
import { IconButton, Portal, UserIcon, notifySuccess, useColorMode, type ColorModeChoice } from '@admin/shared/ui';
import { Menu } from '@admin/shared/ui-kit';
import { AUDIT_PAGE, PASSWORD_PAGE, PLATFORM_PAGE, USERS_PAGE, type HostPage } from './menu';

/** The user menu's pages in order; Logout follows them. */
const PAGES: HostPage[] = [PLATFORM_PAGE, USERS_PAGE, AUDIT_PAGE, PASSWORD_PAGE];

const THEMES: { value: ColorModeChoice; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function UserMenu() {
  const name = useAuth((s) => s.user?.name) || 'User';
  const permissions = useAuth((s) => s.user?.permissions);
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();
  const { choice, choose } = useColorMode();

  const signOut = async () => {
    await logout();
    notifySuccess('Logged out successfully');
    navigate('/login', { replace: true });
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Account" variant="ghost" rounded="full">
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
            {PAGES.filter((page) => !page.permission || permissions?.includes(page.permission)).map((page) => (
              <Menu.Item key={page.path} value={page.path} onSelect={() => navigate(page.path)}>
                {page.label}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.RadioItemGroup value={choice} onValueChange={(e) => choose(e.value as ColorModeChoice)}>
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              {THEMES.map((theme) => (
                <Menu.RadioItem key={theme.value} value={theme.value}>
                  {theme.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={signOut}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
