import { Badge, Group, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { usePhone } from './phone';

/** One status of a record: what it is now and where the user may move it. */
export interface StatusMenuItem {
  /** The status's name in test ids (`status-{kind}`). */
  kind: string;
  /** The status's name as shown before its value. */
  label: string;
  value: string;
  valueLabel: string;
  /** The badge colour of the value. */
  color: string;
  /** The values the user may choose now; none: a plain badge. */
  choices: readonly { value: string; label: string; onSelect: () => void }[];
}

interface StatusMenuBarProps {
  items: readonly StatusMenuItem[];
  /** The statuses' name as a group ("Statuses"). */
  label: string;
  /** The heading of a menu ("Change to"). */
  changeTo: string;
  /** The choices are being loaded or a change is being saved: the badges show a spinner. */
  loading: boolean;
  /** No change may start now (loading, saving, or the record shown is outdated). */
  busy: boolean;
}

/**
 * The statuses of a record as badges, each a button opening the values the user may move it to. The
 * feature says which statuses there are, their values and what choosing one does.
 */
export function StatusMenuBar({ items, label, changeTo, loading, busy }: StatusMenuBarProps) {
  // On a phone the statuses are one line to swipe through, not a column filling the screen.
  const phone = usePhone();
  return (
    <Group
      gap="xs"
      wrap={phone ? 'nowrap' : 'wrap'}
      style={phone ? { overflowX: 'auto', scrollbarWidth: 'none', paddingBlock: 2 } : undefined}
      // The strip scrolls by keyboard too, whether or not a status may be changed now.
      tabIndex={phone ? 0 : undefined}
      role="group"
      aria-label={label}
      data-testid="status-menus"
      aria-busy={busy}
    >
      {items.map((item) => {
        const badge = (
          <Badge
            variant="light"
            color={item.color}
            tt="none"
            size="md"
            radius="sm"
            rightSection={
              loading ? (
                <Loader size={10} />
              ) : item.choices.length > 0 ? (
                <IconChevronDown size={12} />
              ) : undefined
            }
          >
            <Text span size="xs" fw={400} mr={4}>
              {item.label}:
            </Text>
            {item.valueLabel}
          </Badge>
        );
        // A status with nothing to move to is a plain badge; while the moves load (the page's first ones)
        // it is already the button, disabled, so a click then waits instead of landing on a badge.
        if (item.choices.length === 0 && !loading) {
          return (
            <span
              key={item.kind}
              data-testid={`status-${item.kind}`}
              data-status={item.value}
              style={{ flexShrink: 0 }}
            >
              {badge}
            </span>
          );
        }
        return (
          <Menu key={item.kind} position="bottom-start" withinPortal disabled={busy}>
            <Menu.Target>
              <UnstyledButton
                disabled={busy}
                data-testid={`status-${item.kind}`}
                data-status={item.value}
                aria-label={`${item.label}: ${item.valueLabel}`}
                style={{ flexShrink: 0 }}
              >
                {badge}
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{changeTo}</Menu.Label>
              {item.choices.map((choice) => (
                <Menu.Item
                  key={choice.value}
                  data-testid={`status-target-${choice.value}`}
                  onClick={choice.onSelect}
                >
                  {choice.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
