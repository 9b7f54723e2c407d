import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyStructureSettings, ListResult, StaffPosition, ValidationTree } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { ApiError } from '../../platform/api/errors';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { notifySaved } from '../../platform/snackbar';
import { fetchSettings, SETTINGS_KEY } from './api';

/** The first message under each field of a refused save, translated. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const tree = error.errors as ValidationTree;
  return Object.fromEntries(
    Object.entries(tree.children ?? {})
      .filter(([, child]) => child.errors.length)
      .map(([field, child]) => [field, translateServerMessage(child.errors[0]!)]),
  );
}

/** The structure's settings (`/company-structure/settings`) and the staff positions' catalogue. */
export function SettingsPage() {
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchSettings(signal) });
  if (!settings.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="md" maw={900} data-testid="structure-settings">
      <SettingsForm settings={settings.data} reload={() => settings.refetch()} />
      <StaffPositions />
    </Stack>
  );
}

function SettingsForm({ settings, reload }: { settings: CompanyStructureSettings; reload: () => unknown }) {
  const { t } = useTranslation('companyStructure');
  const system = useSystemData();
  const editor = hasRole(system, 'ROLE_COMPANY_STRUCTURE_EDIT');
  const client = useQueryClient();
  const [values, setValues] = useState(settings);
  const [conflict, setConflict] = useState(false);
  useEffect(() => setValues(settings), [settings]);
  const save = useMutation({
    mutationFn: () =>
      api.put<CompanyStructureSettings>('/company-structure/settings', values, { suppressPopup: [400, 409] }),
    onSuccess: (saved) => {
      notifySaved(t('common:saved'));
      setConflict(false);
      client.setQueryData(SETTINGS_KEY, saved);
    },
    onError: (error) => setConflict(error instanceof ApiError && error.status === 409),
  });
  const errors = fieldErrors(save.error);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        {conflict && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('settings.conflict')}>
            <Button size="xs" variant="light" onClick={() => reload()}>
              {t('settings.reload')}
            </Button>
          </Alert>
        )}
        <Paper withBorder p="lg">
          <Text fw={600} size="sm" mb="md">
            {t('settings.scope')}
          </Text>
          <Switch
            label={t('settings.subordinatesFollowStructure')}
            description={t('settings.subordinatesFollowStructureHint')}
            checked={values.subordinatesFollowStructure}
            disabled={!editor}
            onChange={(e) => setValues({ ...values, subordinatesFollowStructure: e.currentTarget.checked })}
            data-testid="subordinates-follow"
          />
        </Paper>
        <Paper withBorder p="lg">
          <Text fw={600} size="sm" mb="md">
            {t('settings.heads')}
          </Text>
          <Stack gap="md">
            <Switch
              label={t('settings.createHeadPosition')}
              description={t('settings.createHeadPositionHint')}
              checked={values.createHeadPosition}
              disabled={!editor}
              onChange={(e) => setValues({ ...values, createHeadPosition: e.currentTarget.checked })}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('settings.headPositionName')}
                value={values.headPositionName}
                readOnly={!editor}
                required
                error={errors.headPositionName}
                onChange={(e) => setValues({ ...values, headPositionName: e.currentTarget.value })}
              />
              <TextInput
                label={t('settings.headPositionNameEn')}
                value={values.headPositionNameEn}
                readOnly={!editor}
                required
                error={errors.headPositionNameEn}
                onChange={(e) => setValues({ ...values, headPositionNameEn: e.currentTarget.value })}
              />
            </Group>
          </Stack>
        </Paper>
        {editor && (
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="settings-save">
              {t('common:save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

const STAFF_PATH = '/company-structure/staff-positions';
const STAFF_KEY = ['company-structure', 'staff-positions'] as const;
const PER_PAGE = 20;
type Draft = { id?: number; version?: number; code: string; name: string; nameEn: string };

/** The staff positions' catalogue: listed by page, added and changed in a dialog, removed when unused. */
function StaffPositions() {
  const { t } = useTranslation('companyStructure');
  const system = useSystemData();
  const editor = hasRole(system, 'ROLE_STAFF_POSITION_EDIT');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = useQuery({
    queryKey: [...STAFF_KEY, page],
    queryFn: ({ signal }) =>
      api.get<ListResult<StaffPosition>>(`${STAFF_PATH}?page=${page}&itemsPerPage=${PER_PAGE}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = { code: d.code, name: d.name, nameEn: d.nameEn.trim() || null };
      return d.id
        ? api.put(`${STAFF_PATH}/${d.id}`, { ...body, version: d.version }, { suppressPopup: [400] })
        : api.post(STAFF_PATH, body, { suppressPopup: [400] });
    },
    onSuccess: async () => {
      notifySaved(t('common:saved'));
      setDraft(null);
      await client.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${STAFF_PATH}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
  const errors = fieldErrors(save.error);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  return (
    <Paper withBorder p="lg" data-testid="staff-positions">
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={600} size="sm">
            {t('staffPositions.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('staffPositions.hint')}
          </Text>
        </div>
        {editor && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              save.reset();
              setDraft({ code: '', name: '', nameEn: '' });
            }}
          >
            {t('staffPositions.add')}
          </Button>
        )}
      </Group>
      {list.data?.collection.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('staffPositions.empty')}
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields:code')}</Table.Th>
              <Table.Th>{t('items.name')}</Table.Th>
              <Table.Th>{t('items.nameEn')}</Table.Th>
              {editor && <Table.Th w={90} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.collection.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.code}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.nameEn}</Table.Td>
                {editor && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${t('staffPositions.edit')}: ${row.name}`}
                        onClick={() => {
                          save.reset();
                          setDraft({ ...row, nameEn: row.nameEn ?? '' });
                        }}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('staffPositions.delete')}: ${row.name}`}
                        onClick={() => remove.mutate(row.id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination mt="sm" value={page} onChange={setPage} total={pages} />}
      {draft && (
        <Modal
          opened
          onClose={() => setDraft(null)}
          title={t(draft.id ? 'staffPositions.edit' : 'staffPositions.add')}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(draft);
            }}
          >
            <Stack>
              <TextInput
                label={t('fields:code')}
                required
                data-autofocus
                value={draft.code}
                error={errors.code}
                onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value })}
              />
              <TextInput
                label={t('items.name')}
                required
                value={draft.name}
                error={errors.name}
                onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              />
              <TextInput
                label={t('items.nameEn')}
                value={draft.nameEn}
                error={errors.nameEn}
                onChange={(e) => setDraft({ ...draft, nameEn: e.currentTarget.value })}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDraft(null)}>
                  {t('common:cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('common:save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Paper>
  );
}
