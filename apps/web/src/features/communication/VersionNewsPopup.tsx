import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routeNameOf, type VersionNews } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../platform/api/client';
import { quiet } from './api';
import { RichText } from './RichText';

/** Spec §2, §4: on each screen the unread version news about it show until OK marks them all read. */
export function VersionNewsPopup() {
  const { t } = useTranslation('announcements');
  const client = useQueryClient();
  const routeName = routeNameOf(useLocation().pathname);
  const { data } = useQuery({
    queryKey: ['version-news', 'not-read', routeName],
    queryFn: () =>
      api.get<VersionNews[]>(`/version-news/announcements/not-read/${encodeURIComponent(routeName)}`, quiet),
  });
  const ok = async () => {
    client.setQueriesData<VersionNews[]>({ queryKey: ['version-news', 'not-read'] }, () => []);
    await api.post('/version-news/announcements/read-all', undefined, quiet).catch(() => undefined);
  };
  return (
    <Modal
      opened={!!data?.length}
      onClose={ok}
      title={t('versionNews.popupTitle')}
      size="lg"
      data-testid="version-news-popup"
    >
      <Stack>
        {data?.map((news) => (
          <Stack key={news.id} gap={4}>
            <Title order={4}>{t('versionNews.version', { version: news.version })}</Title>
            <RichText html={news.shortContent} />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={ok}>{t('versionNews.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
