import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a folder or document sits: "All documents" and the folders down to it, each a link. */
export function FolderPath({
  path,
  current,
}: {
  path: readonly { id: number; name: string }[];
  current?: string;
}) {
  const { t } = useTranslation('documents');
  return (
    <Breadcrumbs separatorMargin={6} data-testid="folder-path">
      <Anchor component={Link} to="/document-folders" size="sm">
        {t('folders.all')}
      </Anchor>
      {path.map((step) => (
        <Anchor key={step.id} component={Link} to={`/document-folders/${step.id}`} size="sm">
          {step.name}
        </Anchor>
      ))}
      {current && (
        <Text size="sm" c="dimmed">
          {current}
        </Text>
      )}
    </Breadcrumbs>
  );
}
