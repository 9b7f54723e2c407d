import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api/client';
import { notifySaved } from '../../platform/snackbar';
import { AnnouncementForm, type AnnouncementValues } from './AnnouncementForm';
import { ANNOUNCEMENTS_KEY } from './api';
import { useFormErrors } from './formErrors';

/** A new announcement (/announcements/new). */
export function AnnouncementNewPage() {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { errors, take, clear } = useFormErrors();
  const create = useMutation({
    mutationFn: (values: AnnouncementValues) => api.post<Announcement>('/announcements', values),
    onMutate: clear,
    onSuccess: (created) => {
      notifySaved(t('published'));
      void client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
      navigate(`/announcements/${created.id}`, { replace: true });
    },
    onError: take,
  });
  return (
    <AnnouncementForm
      errors={errors}
      saving={create.isPending}
      onSubmit={(values) => create.mutate(values)}
      onCancel={() => navigate('/announcements')}
    />
  );
}
