import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';

/** One change-log entry (`GET {path}/{id}/history`, `/settings/entity-changelog`). */
export interface ChangeEntry {
  id: number;
  action: string;
  user: { id: number; name: string } | null;
  impersonator: { id: number; name: string } | null;
  /** Who acted: a user (`user`, `apiKey`), a counterparty's cabinet or the system; null on old entries. */
  principal?: 'user' | 'apiKey' | 'cabinet' | 'system' | null;
  /** Why the system acted (a key of `changelog:reasons`). */
  reason?: string | null;
  counterpartyId?: number | null;
  changes: Record<string, { old: unknown; new: unknown }>;
  createdAt: string;
}

const ACTION_COLORS: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  enable: 'teal',
  disable: 'gray',
};

/** The action of a change-log entry (created, changed, deleted...) as a coloured dot badge. */
export function HistoryActionBadge({ action, label }: { action: string; label: string }) {
  return (
    <Badge variant="dot" tt="none" color={ACTION_COLORS[action] ?? 'gray'}>
      {label}
    </Badge>
  );
}

/**
 * Who made a change, as the history tab and the change log show it: the user (and who signed in as him),
 * the system with its reason (and the user whose action set it off), a counterparty's cabinet, an API key.
 * `t` of a component that loaded the changelog namespace.
 */
export function ChangeActor({ entry, t }: { entry: ChangeEntry; t: TFunction }) {
  const system = entry.principal === 'system' || (!entry.principal && !entry.user);
  const reason = entry.reason ? t(`changelog:reasons.${entry.reason}`, { defaultValue: entry.reason }) : null;
  const main =
    entry.principal === 'cabinet'
      ? t('changelog:actor.cabinet', { id: entry.counterpartyId })
      : (entry.user?.name ?? t('changelog:system'));
  const notes = [
    entry.impersonator ? t('changelog:impersonatedBy', { name: entry.impersonator.name }) : null,
    entry.principal === 'apiKey' ? t('changelog:actor.apiKey') : null,
    system && entry.user ? t('changelog:actor.systemFor', { reason: reason ?? '' }) : null,
    system && !entry.user && reason ? reason : null,
  ].filter((note): note is string => Boolean(note));
  return (
    <>
      <Text size="sm">{main}</Text>
      {notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </>
  );
}
