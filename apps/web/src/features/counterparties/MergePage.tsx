import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowMerge, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Counterparty,
  type CounterpartyMergePreview,
  counterpartyFieldRole,
  counterpartyResource,
  type FieldDescriptor,
} from '@tms/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { ERROR_LINE_BREAK } from '../../platform/kit/errorText';
import { FormRootError } from '../../platform/kit/FormRootError';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useReferenceLabels } from '../../platform/resources/references';
import { useResourceTexts } from '../../platform/resources/texts';
import { displayValue } from '../../platform/resources/widgets';
import { notifySaved } from '../../platform/snackbar';
import { HoldToConfirm, LazySelect, validationErrorsOf } from '../../platform/widgets';
import classes from './CounterpartyPage.module.css';
import { initialMergeChoice, type MergeSide } from './logic';

const descriptor = counterpartyResource;
const fieldsByName = new Map(descriptor.fields.map((f) => [f.name, f]));

/**
 * The merge of one counterparty (the address's) into a survivor: pick the survivor, then for every field
 * whose values differ which one survives; everything that refers to the merged record moves to the survivor.
 */
export function MergePage() {
  const { t } = useTranslation('counterparties');
  const texts = useResourceTexts(descriptor);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id: idParam } = useParams();
  const sourceId = /^\d+$/.test(idParam ?? '') ? Number(idParam) : Number.NaN;
  const [params, setParams] = useSearchParams();
  const survivorParam = params.get('survivorId');
  const survivorId = survivorParam && /^\d+$/.test(survivorParam) ? Number(survivorParam) : null;

  const source = useQuery({
    queryKey: [...resourceKey(descriptor), 'record', sourceId],
    queryFn: ({ signal }) =>
      api.get<Counterparty>(`${descriptor.path}/${sourceId}`, { signal, ...RECORD_LOAD }),
    enabled: !Number.isNaN(sourceId),
  });
  const preview = useQuery({
    queryKey: [...resourceKey(descriptor), 'merge', sourceId, survivorId],
    queryFn: ({ signal }) =>
      api.get<CounterpartyMergePreview>(`${descriptor.path}/${sourceId}/merge`, {
        query: { survivorId: survivorId ?? undefined },
        signal,
        suppressPopup: true,
      }),
    enabled: !Number.isNaN(sourceId) && survivorId !== null,
  });
  const data = preview.data;
  const system = useSystemData();
  // A value taken from the merged record is an edit of the survivor: the field's role is needed. Kept as
  // a text so that a refetch of the same roles does not reset the choices made.
  const lockedFields = (data?.differences ?? [])
    .filter((field) => {
      const role = counterpartyFieldRole(field, false);
      return role !== undefined && !hasRole(system, role);
    })
    .join(',');
  const locked = useCallback((field: string) => lockedFields.split(',').includes(field), [lockedFields]);
  const [choice, setChoice] = useState<Record<string, MergeSide>>({});
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (data) setChoice(initialMergeChoice(data.differences, data.source, data.survivor, locked));
  }, [data, locked]);

  const differing = useMemo(
    () =>
      (data?.differences ?? [])
        .map((name) => fieldsByName.get(name))
        .filter((f): f is FieldDescriptor => !!f),
    [data],
  );
  const referenceLabel = useReferenceLabels(differing, data ? [data.source, data.survivor] : []);

  const merge = useMutation({
    mutationFn: () =>
      api.post<Counterparty>(`${descriptor.path}/${sourceId}/merge`, {
        survivorId,
        fields: choice,
        survivorVersion: data?.survivor.version,
        sourceVersion: data?.source.version,
      }),
    onSuccess: async (survivor) => {
      notifySaved(t('merge.done'));
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      navigate(`${descriptor.path}/${survivor.id}`, { replace: true });
    },
    onError: (error) => setStale(error instanceof ApiError && error.status === 409),
  });

  const state = recordStateOf([source], Number.isNaN(sourceId));
  if (state !== 'ready' || !source.data) {
    return (
      <RecordPlaceholder
        state={state}
        back={descriptor.path}
        error={source.error}
        onRetry={() => void source.refetch()}
      />
    );
  }

  const show = (field: FieldDescriptor, record: Counterparty) => {
    const value = (record as Record<string, unknown>)[field.name];
    const text =
      field.type === 'reference' || field.type === 'references'
        ? referenceLabel(field, value)
        : displayValue(field, value, texts);
    return text || '—';
  };
  const errors = [
    ...Object.values(validationErrorsOf(preview.error) ?? {}).flat(),
    ...Object.values(validationErrorsOf(merge.error) ?? {}).flat(),
  ].map((m) => translateServerMessage(m));

  return (
    <Stack gap="md" maw={1280} data-testid="merge-page">
      <Breadcrumbs>
        <Anchor component={Link} to={descriptor.path} size="sm">
          {texts.title}
        </Anchor>
        <Anchor component={Link} to={`${descriptor.path}/${sourceId}`} size="sm">
          {source.data.name}
        </Anchor>
        <Text size="sm" className={classes.muted}>
          {t('merge.title')}
        </Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {t('merge.heading', { name: source.data.name })}
      </Title>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Text size="sm" className={classes.muted}>
            {t('merge.hint')}
          </Text>
          <div style={{ maxWidth: 480 }}>
            <LazySelect
              id="merge-survivor"
              label={t('merge.survivor')}
              // The server's lookup of possible survivors leaves this record (and merged ones) out.
              url={`${descriptor.path}/${sourceId}/merge/survivors`}
              selectedUrl={`${descriptor.path}/{value}`}
              value={survivorId}
              onChange={(next) => {
                setStale(false);
                merge.reset();
                setParams(next === null ? {} : { survivorId: String(next) }, { replace: true });
              }}
            />
          </div>
        </Stack>
      </Paper>
      {errors.length > 0 && <FormRootError>{errors.join(ERROR_LINE_BREAK)}</FormRootError>}
      {stale && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={texts.t('conflict.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {translateServerMessage('The record was changed by someone else. Reload it and try again.')}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={async () => {
                await preview.refetch();
                setStale(false);
                merge.reset();
              }}
            >
              {texts.t('conflict.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {survivorId !== null && preview.isLoading && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {data && (
        <Paper withBorder p="lg">
          <Stack gap="md">
            {differing.length === 0 ? (
              <Text size="sm">{t('merge.noDifferences')}</Text>
            ) : (
              <Group gap="xs">
                {(['source', 'survivor'] as const).map((side) => (
                  <Button
                    key={side}
                    size="compact-sm"
                    variant="subtle"
                    onClick={() =>
                      setChoice(
                        Object.fromEntries(
                          differing.map((f) => [f.name, locked(f.name) ? 'survivor' : side]),
                        ),
                      )
                    }
                  >
                    {t(side === 'source' ? 'merge.allSource' : 'merge.allSurvivor')}
                  </Button>
                ))}
              </Group>
            )}
            {differing.length > 0 && (
              <Table verticalSpacing="xs" striped data-testid="merge-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="26%">{t('merge.field')}</Table.Th>
                    <Table.Th w="37%">
                      {t('merge.sourceValue', { name: data.source.name, id: padId(data.source.id) })}
                    </Table.Th>
                    <Table.Th w="37%">
                      {t('merge.survivorValue', { name: data.survivor.name, id: padId(data.survivor.id) })}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {differing.map((field) => (
                    <Table.Tr key={field.name} data-testid="merge-row" data-field={field.name}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {texts.label(field)}
                        </Text>
                      </Table.Td>
                      {(['source', 'survivor'] as const).map((side) => (
                        <Table.Td key={side}>
                          <Radio
                            name={`merge-${field.name}`}
                            value={side}
                            checked={choice[field.name] === side}
                            onChange={() => setChoice((c) => ({ ...c, [field.name]: side }))}
                            disabled={side === 'source' && locked(field.name)}
                            description={
                              side === 'source' && locked(field.name) ? t('merge.fieldLocked') : undefined
                            }
                            label={show(field, data[side])}
                            data-testid={`merge-${side}-${field.name}`}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Text size="sm" className={classes.muted}>
              {t('merge.moves')}
            </Text>
            <Group justify="space-between">
              <Button variant="default" component={Link} to={`${descriptor.path}/${sourceId}`}>
                {texts.t('cancel')}
              </Button>
              <HoldToConfirm
                color="red.9"
                leftSection={<IconArrowMerge size={16} />}
                onConfirm={() => merge.mutate()}
                loading={merge.isPending}
                data-testid="merge-confirm"
              >
                {t('merge.confirm')}
              </HoldToConfirm>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
