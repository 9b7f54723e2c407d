import { Button, Group, Modal, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Keeps a form's unsaved edits from being lost by leaving its page: a menu click, a link or the back button
 * asks first (stay is the default), closing or reloading the tab gets the browser's own question. A save or
 * delete under way is no reason to ask: the page moves on by itself once it is done.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('common');
  const saving = useIsMutating() > 0;
  const guarded = useRef(false);
  guarded.current = dirty && !saving;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarded.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // A navigation held while the form was briefly dirty (its save just landed) goes on once it is clean.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={t('leaveGuard.title')} centered>
      <Text mb="lg">{t('leaveGuard.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={stay} data-autofocus>
          {t('leaveGuard.stay')}
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()} data-testid="leave-discard">
          {t('leaveGuard.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
