import { Button, Checkbox, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Announcement, ListResult } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { FormRootError } from '../../platform/kit/FormRootError';
import { RichTextEditor } from '../../platform/widgets/RichTextEditor';

export interface AnnouncementValues {
  title: string;
  content: string;
  isImportant: boolean;
  serviceOffices: number[];
}

/** The fields of an announcement: the title, the rich text, the important flag and the offices it is for. */
export function AnnouncementForm({
  initial,
  errors,
  saving,
  onSubmit,
  onCancel,
}: {
  initial?: Announcement;
  errors: Record<string, string>;
  saving: boolean;
  onSubmit: (values: AnnouncementValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['announcements', 'common']);
  const system = useSystemData();
  const [values, setValues] = useState<AnnouncementValues>({
    title: initial?.title ?? '',
    content: initial?.content ?? '',
    isImportant: initial?.isImportant ?? false,
    serviceOffices: initial?.serviceOffices ?? [],
  });
  const offices = useQuery({
    queryKey: ['service-offices', 'all'],
    queryFn: () =>
      api.get<ListResult<{ id: number; name: string }>>('/settings/service-offices', {
        query: { itemsPerPage: 1000, sort: 'name', order: 'asc' },
      }),
  });
  const set = <K extends keyof AnnouncementValues>(key: K, value: AnnouncementValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <Stack maw={900}>
        {errors.root && <FormRootError>{errors.root}</FormRootError>}
        <TextInput
          label={t('fields.title')}
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          maxLength={255}
        />
        <RichTextEditor
          label={t('fields.content')}
          required
          value={values.content}
          onChange={(html) => set('content', html)}
          error={errors.content}
          testId="announcement-content"
        />
        <MultiSelect
          id="announcement-offices"
          label={t('fields.serviceOffices')}
          description={t('fields.serviceOfficesHint')}
          data={(offices.data?.collection ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={values.serviceOffices.map(String)}
          onChange={(ids) => set('serviceOffices', ids.map(Number))}
          error={errors.serviceOffices}
          searchable
          clearable
        />
        <Checkbox
          label={t('fields.isImportant')}
          description={t('fields.isImportantHint')}
          checked={values.isImportant}
          disabled={!hasRole(system, 'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT')}
          onChange={(e) => set('isImportant', e.currentTarget.checked)}
          error={errors.isImportant}
        />
        <Group>
          <Button type="submit" loading={saving}>
            {initial ? t('common:save') : t('publish')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
