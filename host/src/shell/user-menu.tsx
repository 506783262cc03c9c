import { useAuth } from '@admin/shared/auth';
import { useNavigate } from '@admin/shared/router';
import { IconButton, Portal, UserIcon, notifySuccess } from '@admin/shared/ui';
import { Menu } from '@admin/shared/ui-kit';
import { PLATFORM_PAGE } from './menu';

export function UserMenu() {
  const name = useAuth((s) => s.user?.name) || 'User';
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();

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
            <Menu.Item value="platform" onSelect={() => navigate(PLATFORM_PAGE.path)}>
              {PLATFORM_PAGE.label}
            </Menu.Item>
            <Menu.Item value="logout" onSelect={signOut}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
