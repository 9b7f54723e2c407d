import { ActionIcon, Indicator, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RecentDocument } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';

/**
 * The header's recent documents (spec §2, §9): the documents with their newest file; a file attached
 * within five days is highlighted and counted in the badge. A document opens; its file downloads.
 */
export default function RecentDocuments() {
  const system = useSystemData();
  // Spec §2: the header's buttons are for holders of ROLE_COMPANY_CHAPTERS.
  return hasRole(system, 'ROLE_COMPANY_CHAPTERS') ? <RecentDocumentsMenu /> : null;
}

function RecentDocumentsMenu() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const recent = useQuery({
    queryKey: ['documents', 'recent'],
    queryFn: ({ signal }) =>
      api.get<{ recentDocuments: RecentDocument[] }>('/home', {
        signal,
        query: { objects: JSON.stringify(['recentDocuments']) },
      }),
  });
  const documents = recent.data?.recentDocuments ?? [];
  const fresh = documents.filter((doc) => doc.fresh).length;
  return (
    <Menu position="bottom-end" width={360} withinPortal>
      <Menu.Target>
        <Tooltip label={t('recent.title')}>
          <Indicator
            label={fresh}
            size={16}
            disabled={fresh === 0}
            offset={4}
            data-testid="recent-documents-badge"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('recent.title')}
              data-testid="recent-documents"
            >
              <IconFileText size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="recent-documents-menu">
        <Menu.Label>{t('recent.title')}</Menu.Label>
        {documents.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('recent.none')}
          </Text>
        )}
        {documents.map((doc) => (
          <Menu.Item
            key={doc.id}
            onClick={() => navigate(`/document-folders/${doc.folderId}/text-documents/${doc.id}`)}
            bg={doc.fresh ? 'var(--mantine-color-blue-light)' : undefined}
            data-fresh={doc.fresh || undefined}
          >
            <Text size="sm" fw={doc.fresh ? 600 : 400} lineClamp={1}>
              {doc.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {doc.folderName}
            </Text>
            {doc.currentFile && (
              <UnstyledButton
                component="span"
                onClick={(event) => {
                  event.stopPropagation();
                  void download(doc.currentFile!.downloadLink);
                }}
              >
                <Text size="xs" c="blue" lineClamp={1}>
                  {doc.currentFile.description} · {formatDateTime(doc.currentFile.createdAt)}
                </Text>
              </UnstyledButton>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
