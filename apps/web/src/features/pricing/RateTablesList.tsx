import { Button, Group } from '@mantine/core';
import { IconFileImport, IconMap2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemData } from '../../platform/auth/system';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { ImportDialog } from './ImportDialog';

/**
 * The rate tables (`/request-offers/rate-tables`): the engine's list of price collections, with the way
 * to the computed regions and, for their editors, the XLSX import that creates a collection.
 */
export function RateTablesList({ descriptor, options }: ResourceScreenProps) {
  const { t } = useTranslation('pricing');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const [importing, setImporting] = useState(false);
  const canImport = accessOf(descriptor, system.roles).edit;
  return (
    <>
      <Group justify="flex-end" gap="sm" mb="xs">
        <Button
          variant="default"
          leftSection={<IconMap2 size={16} />}
          component={Link}
          to="/request-offers/rate-tables/regions"
        >
          {t('list.regions')}
        </Button>
        {canImport && (
          <Button
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            data-testid="rate-import"
          >
            {t('list.import')}
          </Button>
        )}
      </Group>
      <ResourceList descriptor={descriptor} options={{ ...options, oneLine: true }} />
      {canImport && (
        <ImportDialog
          descriptor={descriptor}
          texts={texts}
          opened={importing}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
