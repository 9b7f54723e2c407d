import { Button, Group, Stack } from '@mantine/core';
import { IconZoomQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import type { ResourceScreenProps } from '../../platform/resources';
import { ResourceList } from '../../platform/resources/ResourceList';

/** The engine's counterparty list (filters from the descriptor) with the way to the similar search. */
export function CounterpartyList(props: ResourceScreenProps) {
  const { t } = useTranslation('counterparties');
  const system = useSystemData();
  return (
    <Stack gap="sm">
      {hasRole(system, 'ROLE_COUNTERPARTY_SIMILAR_SEARCH') && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/counterparties/similar"
            variant="default"
            leftSection={<IconZoomQuestion size={16} />}
            data-testid="open-similar"
          >
            {t('similar.open')}
          </Button>
        </Group>
      )}
      <ResourceList {...props} />
    </Stack>
  );
}
