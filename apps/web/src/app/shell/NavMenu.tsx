import {
  Box,
  NavLink,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '../../platform/auth/system';
import { APP_VERSION } from '../../platform/config';
import classes from './NavMenu.module.css';
import { NAV_ICONS } from './navIcons';
import { containsPath, FLYOUT_CLOSE_DELAY_MS, filterNav, initialsOf, navLabels, sortNav } from './navLogic';

interface NavMenuProps {
  items: NavItem[];
  collapsed: boolean;
  onNavigate: () => void;
}

function NavIcon({ item, label, size = 20 }: { item: NavItem; label: string; size?: number }) {
  const Icon = item.icon ? NAV_ICONS[item.icon] : undefined;
  if (Icon) return <Icon size={size} stroke={1.6} aria-hidden />;
  return (
    <Text component="span" fw={600} fz={size <= 18 ? 'xs' : 'sm'} aria-hidden className={classes.initials}>
      {initialsOf(label)}
    </Text>
  );
}

/** The left drawer's menu: the system call's nav, searchable when expanded, with fly-outs when collapsed. */
export function NavMenu({ items, collapsed, onNavigate }: NavMenuProps) {
  const { t, i18n } = useTranslation(['nav', 'shell']);
  const labels = useMemo(() => navLabels(items), [items]);
  const translate = useCallback(
    (key: string) => labels.get(key)?.[i18n.language === 'en' ? 'en' : 'ru'] ?? t(key, { ns: 'nav' }),
    [t, labels, i18n.language],
  );
  const [search, setSearch] = useState('');
  const sorted = useMemo(() => sortNav(items, translate, i18n.language), [items, i18n.language, translate]);
  const shown = useMemo(() => filterNav(sorted, search, translate), [sorted, search, translate]);

  return (
    <Stack gap={0} h="100%" component="nav" aria-label={t('shell:nav.label')}>
      {!collapsed && (
        <Box p="sm" pb="xs">
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('shell:nav.search')}
            aria-label={t('shell:nav.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            size="sm"
            data-testid="nav-search"
          />
        </Box>
      )}
      <ScrollArea flex={1} type="scroll" px={collapsed ? 6 : 'sm'} py="xs">
        {collapsed ? (
          <Stack gap={4} align="center">
            {sorted.map((item) => (
              <CollapsedItem
                key={item.name}
                item={item}
                label={translate(item.name)}
                translate={translate}
                onNavigate={onNavigate}
              />
            ))}
          </Stack>
        ) : (
          <Box data-testid="nav-tree">
            {shown.map((item) => (
              <ExpandedItem
                key={item.name}
                item={item}
                translate={translate}
                forceOpen={search.trim() !== ''}
                onNavigate={onNavigate}
              />
            ))}
            {shown.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" py="md">
                {t('shell:nav.nothingFound')}
              </Text>
            )}
          </Box>
        )}
      </ScrollArea>
      <Text
        size="xs"
        c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))"
        ta="center"
        py="xs"
        data-testid="app-version"
      >
        v{APP_VERSION}
      </Text>
    </Stack>
  );
}

function ExpandedItem({
  item,
  translate,
  forceOpen,
  onNavigate,
  depth = 0,
}: {
  item: NavItem;
  translate: (key: string) => string;
  forceOpen: boolean;
  onNavigate: () => void;
  depth?: number;
}) {
  const { pathname } = useLocation();
  const label = translate(item.name);
  const hasChildren = !!item.children?.length;
  const [opened, setOpened] = useState(() => hasChildren && containsPath(item, pathname));
  const icon = depth === 0 ? <NavIcon item={item} label={label} size={18} /> : undefined;
  if (hasChildren) {
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        leftSection={icon}
        opened={forceOpen || opened}
        onChange={setOpened}
        childrenOffset={depth === 0 ? 28 : 16}
        className={classes.link}
      >
        {item.children?.map((child) => (
          <ExpandedItem
            key={child.name}
            item={child}
            translate={translate}
            forceOpen={forceOpen}
            onNavigate={onNavigate}
            depth={depth + 1}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.route ?? '/dashboard'}
      label={label}
      leftSection={icon}
      active={!!item.route && containsPath(item, pathname)}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}

function CollapsedItem({
  item,
  label,
  translate,
  onNavigate,
}: {
  item: NavItem;
  label: string;
  translate: (key: string) => string;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const active = containsPath(item, pathname);
  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const open = () => {
    cancelClose();
    setOpened(true);
  };
  // The fly-out stays a moment after the pointer leaves, so it can be reached diagonally.
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpened(false), FLYOUT_CLOSE_DELAY_MS);
  };

  const button = (
    <ThemeIcon
      variant={active ? 'light' : 'transparent'}
      color={active ? undefined : 'gray'}
      size={40}
      radius="md"
      className={classes.collapsedIcon}
    >
      <NavIcon item={item} label={label} />
    </ThemeIcon>
  );

  if (!item.children?.length) {
    return (
      <Tooltip label={label} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={item.route ?? '/dashboard'}
          aria-label={label}
          onClick={onNavigate}
          className={classes.collapsedButton}
        >
          {button}
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="right-start" offset={8} shadow="md" withinPortal>
      <Popover.Target>
        <UnstyledButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={opened}
          className={classes.collapsedButton}
          onMouseEnter={open}
          onMouseLeave={scheduleClose}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          {button}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown
        p={6}
        onMouseEnter={cancelClose}
        onMouseLeave={scheduleClose}
        data-testid="nav-flyout"
        miw={220}
      >
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" py={6}>
          {label}
        </Text>
        {item.children.map((child) => (
          <FlyoutItem
            key={child.name}
            item={child}
            translate={translate}
            onNavigate={() => {
              setOpened(false);
              onNavigate();
            }}
          />
        ))}
      </Popover.Dropdown>
    </Popover>
  );
}

function FlyoutItem({
  item,
  translate,
  onNavigate,
}: {
  item: NavItem;
  translate: (key: string) => string;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const label = translate(item.name);
  if (item.children?.length) {
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        defaultOpened={containsPath(item, pathname)}
        className={classes.link}
      >
        {item.children.map((child) => (
          <FlyoutItem key={child.name} item={child} translate={translate} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.route ?? '/dashboard'}
      label={label}
      active={containsPath(item, pathname)}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}
