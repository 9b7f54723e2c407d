import { Notification, Portal } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../platform/snackbar';

const COLORS = { success: 'teal', info: 'brand', warning: 'orange', error: 'red' } as const;
const ICONS = { success: IconCheck, info: IconInfoCircle, warning: IconAlertTriangle, error: IconX } as const;

/** Shows the snackbar queue's current message at the bottom of the screen. */
export function SnackbarHost() {
  const { t } = useTranslation();
  const message = useSyncExternalStore(
    (listener) => snackbar.subscribe(listener),
    () => snackbar.current,
  );
  if (!message) return null;
  const Icon = ICONS[message.color];
  const side =
    message.position === 'center'
      ? { left: '50%', transform: 'translateX(-50%)' }
      : message.position === 'right'
        ? { right: 16 }
        : { left: 16 };
  return (
    <Portal>
      <Notification
        key={message.id}
        role={message.color === 'error' ? 'alert' : 'status'}
        data-testid="snackbar"
        data-color={message.color}
        color={COLORS[message.color]}
        icon={<Icon size={18} />}
        onClose={() => snackbar.hide()}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        withBorder
        style={{
          position: 'fixed',
          bottom: 16,
          zIndex: 1000,
          maxWidth: 'min(480px, calc(100vw - 32px))',
          ...side,
        }}
      >
        {typeof message.text === 'function' ? message.text() : message.text}
      </Notification>
    </Portal>
  );
}
