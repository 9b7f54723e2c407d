import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ResourceTexts } from './texts';

/**
 * What a resource's screen shows when the server refuses it (403): why, and the way home. No toolbar:
 * searching, exporting or creating in a list one may not see would only be refused again.
 */
export function AccessDenied({ texts }: { texts: ResourceTexts }) {
  const { t } = texts;
  return (
    <Stack align="flex-start" data-testid="access-denied">
      <Alert color="gray" icon={<IconLock size={18} />} title={t('accessDenied.title')}>
        <Text size="sm">{t('accessDenied.text')}</Text>
      </Alert>
      <Button component={Link} to="/dashboard" variant="default" leftSection={<IconHome size={16} />}>
        {t('accessDenied.home')}
      </Button>
    </Stack>
  );
}
