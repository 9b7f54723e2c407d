import { joinErrorLines } from '../../platform/kit/errorText';
import 'mantine-datatable/styles.css';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowMerge, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  COUNTERPARTY_MESSAGES,
  type CounterpartySimilarMatch,
  counterpartyResource,
  type FieldDescriptor,
  type ListResult,
} from '@tms/domain';
import { DataTable } from 'mantine-datatable';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { FormRootError } from '../../platform/kit/FormRootError';
import { useReferenceLabels } from '../../platform/resources/references';
import { validationErrorsOf } from '../../platform/widgets';
import classes from './CounterpartyPage.module.css';

const CRITERIA = ['name', 'inn', 'email', 'phone'] as const;
type Criteria = Record<(typeof CRITERIA)[number], string>;

const countryField = counterpartyResource.fields.find((f) => f.name === 'countryId') as FieldDescriptor;

/**
 * The similar search (`/counterparties/similar`): possible duplicates by name likeness, INN, email or
 * phone, best first. The criteria live in the address, so the card's "Find similar" opens with its own.
 */
export function SimilarPage() {
  const { t } = useTranslation('counterparties');
  const system = useSystemData();
  const [params, setParams] = useSearchParams();
  const asked = Object.fromEntries(CRITERIA.map((c) => [c, params.get(c) ?? ''])) as Criteria;
  const excludeId = params.get('excludeId');
  const [draft, setDraft] = useState<Criteria>(asked);
  const [empty, setEmpty] = useState(false);
  const hasCriteria = CRITERIA.some((c) => asked[c].trim());
  const query = {
    ...Object.fromEntries(CRITERIA.filter((c) => asked[c].trim()).map((c) => [c, asked[c].trim()])),
    ...(excludeId ? { excludeId } : {}),
  };
  const results = useQuery({
    queryKey: ['counterparty-similar', query],
    queryFn: ({ signal }) =>
      api.get<ListResult<CounterpartySimilarMatch>>('/counterparties/similar', { query, signal }),
    enabled: hasCriteria,
  });
  const rows = results.data?.collection ?? [];
  const countryLabel = useReferenceLabels(
    [countryField],
    rows.map((row) => ({ countryId: row.counterparty.countryId })),
  );
  const canMerge = excludeId !== null && hasRole(system, 'ROLE_COUNTERPARTY_MERGE');
  const serverErrors = validationErrorsOf(results.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = CRITERIA.filter((c) => draft[c].trim());
    setEmpty(filled.length === 0);
    if (filled.length === 0) return;
    setParams(
      { ...Object.fromEntries(filled.map((c) => [c, draft[c].trim()])), ...(excludeId ? { excludeId } : {}) },
      { replace: true },
    );
  };

  return (
    <Stack gap="md" maw={1280} data-testid="similar-page">
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate data-testid="similar-form">
        <Stack gap="sm">
          <Text size="sm" className={classes.muted}>
            {t('similar.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {CRITERIA.map((name) => (
              <TextInput
                key={name}
                id={`similar-${name}`}
                label={t(`similar.${name}`)}
                value={draft[name]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDraft((d) => ({ ...d, [name]: value }));
                }}
                error={serverErrors?.[name] && joinErrorLines(serverErrors[name])}
              />
            ))}
          </SimpleGrid>
          {(empty || serverErrors?.root) && (
            <FormRootError>{translateServerMessage(COUNTERPARTY_MESSAGES.similarCriteria)}</FormRootError>
          )}
          <Group>
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="similar-search">
              {t('similar.search')}
            </Button>
            {excludeId && (
              <Anchor component={Link} to={`/counterparties/${excludeId}`} size="sm">
                {t('similar.backToCard', { id: padId(excludeId) })}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Paper>
      {hasCriteria && (
        <DataTable<CounterpartySimilarMatch>
          withTableBorder
          borderRadius="md"
          minHeight={rows.length ? undefined : 160}
          idAccessor={(row) => row.counterparty.id}
          records={rows}
          fetching={results.isFetching}
          noRecordsText={t('similar.none')}
          customRowAttributes={(row) => ({ 'data-testid': 'similar-row', 'data-id': row.counterparty.id })}
          columns={[
            {
              accessor: 'name',
              title: t('similar.columns.name'),
              render: ({ counterparty }) => (
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`/counterparties/${counterparty.id}`} size="sm">
                    {counterparty.name}
                  </Anchor>
                  {counterparty.blackList && (
                    <Badge size="xs" color="red.9" variant="filled" tt="none">
                      {t('badges.blackList')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'inn',
              title: t('similar.columns.innKpp'),
              noWrap: true,
              render: ({ counterparty }) =>
                [counterparty.inn, counterparty.kpp].filter(Boolean).join(' / ') || '—',
            },
            {
              accessor: 'country',
              title: t('similar.columns.country'),
              render: ({ counterparty }) => countryLabel(countryField, counterparty.countryId),
            },
            {
              accessor: 'type',
              title: t('similar.columns.type'),
              render: ({ counterparty }) => (
                <Group gap={4}>
                  {counterparty.client && (
                    <Badge size="sm" variant="outline" color="blue.8" tt="none">
                      {t('badges.client')}
                    </Badge>
                  )}
                  {counterparty.contractor && (
                    <Badge size="sm" variant="outline" color="grape.8" tt="none">
                      {t('badges.contractor')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'score',
              title: t('similar.columns.score'),
              width: 160,
              render: ({ score }) => (
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={score * 100}
                    size="sm"
                    w={70}
                    color={score >= 0.8 ? 'red' : score >= 0.5 ? 'orange' : 'gray'}
                    aria-hidden
                  />
                  <Text size="sm">{Math.round(score * 100)}%</Text>
                </Group>
              ),
            },
            {
              accessor: 'reasons',
              title: t('similar.columns.reasons'),
              render: ({ reasons }) => (
                <Group gap={4}>
                  {reasons.map((reason) => (
                    <Badge key={reason} size="sm" variant="outline" color="gray.8" tt="none">
                      {t(`similar.reasons.${reason}`)}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            ...(canMerge
              ? [
                  {
                    accessor: 'merge',
                    title: '',
                    textAlign: 'right' as const,
                    render: ({ counterparty }: CounterpartySimilarMatch) => (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconArrowMerge size={14} />}
                        component={Link}
                        to={`/counterparties/${counterparty.id}/merge?survivorId=${excludeId}`}
                      >
                        {t('similar.mergeInto', { id: padId(excludeId) })}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Stack>
  );
}
