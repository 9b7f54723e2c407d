import {
  Avatar,
  Group,
  Menu,
  Switch,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconProgress,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { USER_PROFILE_PATH } from '../../features/profile/routes';
import { api } from '../../platform/api/client';
import { exitImpersonation, logout } from '../../platform/auth/actions';
import { type SystemData, useReplaceUser } from '../../platform/auth/system';
import { BACKGROUND_JOBS_PATH } from '../../platform/jobs/api';

/** Name, theme, profile and exit (spec §2 "User menu"). */
export function UserMenu({ system }: { system: SystemData }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const replaceUser = useReplaceUser();
  const { setColorScheme } = useMantineColorScheme();
  const { user, impersonator } = system;

  const toggleTheme = async (darkTheme: boolean) => {
    setColorScheme(darkTheme ? 'dark' : 'light');
    replaceUser({ darkTheme });
    try {
      await api.patch('/users/me', { darkTheme });
    } catch {
      setColorScheme(darkTheme ? 'light' : 'dark');
      replaceUser({ darkTheme: !darkTheme });
    }
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="brand" name={user.contact.name} aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {user.contact.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
            <VisuallyHidden>{t('userMenu.open')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-menu-name">
            {user.contact.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.username}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconMoon size={16} />}
          closeMenuOnClick={false}
          onClick={() => toggleTheme(!user.darkTheme)}
          rightSection={<Switch size="xs" checked={user.darkTheme} readOnly tabIndex={-1} aria-hidden />}
          data-testid="theme-toggle"
          role="menuitemcheckbox"
          aria-checked={user.darkTheme}
        >
          {t('userMenu.darkTheme')}
        </Menu.Item>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(USER_PROFILE_PATH)}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconProgress size={16} />}
          onClick={() => navigate(BACKGROUND_JOBS_PATH)}
          data-testid="user-menu-background-jobs"
        >
          {t('userMenu.backgroundJobs')}
        </Menu.Item>
        <Menu.Divider />
        {impersonator && (
          <Menu.Item
            leftSection={<IconUserOff size={16} />}
            onClick={exitImpersonation}
            data-testid="exit-impersonation"
          >
            {t('userMenu.exitAs', { name: user.contact.name })}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logout} data-testid="logout">
          {t('userMenu.exit')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
