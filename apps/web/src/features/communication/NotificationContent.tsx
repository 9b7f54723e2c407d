import { Anchor, Text } from '@mantine/core';
import { contentParts, type Notification } from '@tms/domain';
import { Link } from 'react-router';

/** The plain text of a notification (its links by their text), for the toast and screen readers. */
export function notificationText(notification: Pick<Notification, 'content' | 'links'>): string {
  return contentParts(notification.content, notification.links)
    .map((part) => ('text' in part ? part.text : `${part.link.prefix ?? ''}${part.link.text}`))
    .join('');
}

/** A notification's content with its `%%slug%%` markers as links. */
export function NotificationContent({
  notification,
  onNavigate,
}: {
  notification: Pick<Notification, 'content' | 'links'>;
  onNavigate?: () => void;
}) {
  return (
    <Text size="sm" component="span">
      {contentParts(notification.content, notification.links).map((part, i) =>
        'text' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={i}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={i}>
            {part.link.prefix}
            <Anchor component={Link} to={part.link.link} onClick={onNavigate} size="sm">
              {part.link.text}
            </Anchor>
          </span>
        ),
      )}
    </Text>
  );
}
