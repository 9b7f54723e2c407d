import { Badge } from '@mantine/core';

/** One change-log entry (`GET {path}/{id}/history`, `/settings/entity-changelog`). */
export interface ChangeEntry {
  id: number;
  action: string;
  user: { id: number; name: string } | null;
  impersonator: { id: number; name: string } | null;
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
