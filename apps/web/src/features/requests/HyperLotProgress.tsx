import { Badge, Group } from '@mantine/core';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@tms/domain';
import { useTranslation } from 'react-i18next';

/** The colours of the requests' statuses (as the request's status menu shows them). */
export const LOT_STATUS_COLORS: Readonly<Record<RequestStatus, string>> = {
  QUOTE_NOT_COMPLETED: 'gray',
  NEED_MORE_INFO: 'orange',
  INFO_PROVIDED: 'blue',
  QUOTE_COMPLETED: 'teal',
  NO_SERVICE: 'red',
};

/** One request status as a badge, in the reader's language. */
export function LotStatusBadge({ status }: { status: RequestStatus }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Badge variant="light" color={LOT_STATUS_COLORS[status]} radius="sm" tt="none">
      {REQUEST_STATUS_LABELS[status][lang]}
    </Badge>
  );
}

/**
 * How many lots are in each request status, a badge per status present: "Котировка готова: 2", or in a
 * list's cell (`compact`) the count alone in the status's colour, its name on hover and for screen readers.
 */
export function LotProgress({
  counts,
  compact = false,
}: {
  counts: Partial<Record<string, number>> | undefined;
  compact?: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const present = REQUEST_STATUSES.filter((status) => (counts?.[status] ?? 0) > 0);
  if (!present.length) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="lot-progress">
      {present.map((status) => {
        const text = `${REQUEST_STATUS_LABELS[status][lang]}: ${counts![status]}`;
        return (
          <Badge
            key={status}
            variant={compact ? 'filled' : 'light'}
            color={LOT_STATUS_COLORS[status]}
            radius="sm"
            tt="none"
            title={text}
            aria-label={text}
            data-status={status}
          >
            {compact ? counts![status] : text}
          </Badge>
        );
      })}
    </Group>
  );
}
