import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TemplateTagWarning } from '@tms/domain';
import { useTranslation } from 'react-i18next';

/** The tags of an uploaded template no field prints, each with where it is: seen before saving. */
export function TagWarnings({ warnings }: { warnings: readonly TemplateTagWarning[] }) {
  const { t } = useTranslation('shipmentDocuments');
  if (!warnings.length) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={16} />}
      title={t('warnings.title')}
      data-testid="tag-warnings"
    >
      <List size="sm">
        {warnings.map((warning) => (
          <List.Item key={`${warning.loop ?? ''}/${warning.tag}`}>
            {t(warning.loop ? 'warnings.inLoop' : 'warnings.item', {
              tag: `{${warning.tag}}`,
              loop: warning.loop,
              part: t(`warnings.parts.${warning.part}`),
              paragraph: warning.paragraph,
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
