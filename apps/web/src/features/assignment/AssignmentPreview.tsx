import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  type AssignmentKind,
  type AssignmentOutcome,
  CUSTOMS_ASSIGNEE_LABELS,
  CUSTOMS_PROCEDURE_LABELS,
  type CustomsAssignee,
  counterpartyResource,
  countryResource,
  customsPointResource,
  productResource,
  serviceOfficeResource,
  TRANSPORT_TYPE_LABELS,
  TRANSPORT_TYPES,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { FormSection } from '../../platform/kit/FormSection';
import { LazySelect } from '../../platform/widgets';

type Id = number | string | null;
interface Facts {
  clientId: Id;
  productId: Id;
  serviceOfficeId: Id;
  dispatchCountryId: Id;
  deliveryCountryId: Id;
  transportType: string | null;
  customsPointId: Id;
  procedure: string | null;
  /** Customs: whom the rules are asked to give it. */
  assigns: string | null;
}
const EMPTY: Facts = {
  clientId: null,
  productId: null,
  serviceOfficeId: null,
  dispatchCountryId: null,
  deliveryCountryId: null,
  transportType: null,
  customsPointId: null,
  procedure: null,
  assigns: null,
};

/** The preview's body: only what was chosen (a fact left out matches only rules without that condition). */
function bodyOf(facts: Facts, kind: AssignmentKind) {
  const id = (value: Id) => (value === null ? undefined : Number(value));
  return {
    clientId: id(facts.clientId),
    productId: id(facts.productId),
    serviceOfficeId: id(facts.serviceOfficeId),
    dispatchCountryIds: facts.dispatchCountryId === null ? [] : [Number(facts.dispatchCountryId)],
    deliveryCountryIds: facts.deliveryCountryId === null ? [] : [Number(facts.deliveryCountryId)],
    transportTypes: facts.transportType ? [facts.transportType] : [],
    ...(kind === 'customs'
      ? {
          customsPointId: id(facts.customsPointId),
          procedure: facts.procedure ?? undefined,
          assigns: (facts.assigns ?? undefined) as CustomsAssignee | undefined,
        }
      : {}),
  };
}

/**
 * "Who would get this" (docs/assignment.md): the rule and the user a record described here would get now.
 * Read only: nothing is assigned and the round robin's turn stays where it is.
 */
export function AssignmentPreview({ kind, path }: { kind: AssignmentKind; path: string }) {
  const { t, i18n } = useTranslation('assignment');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const [facts, setFacts] = useState<Facts>(EMPTY);
  const preview = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) => api.post<AssignmentOutcome>(`${path}/preview`, body),
  });
  const set = (name: keyof Facts) => (value: Id) => {
    setFacts((current) => ({ ...current, [name]: value }));
    preview.reset();
  };
  const reference = (
    name: keyof Facts,
    target: { path: string; labelField: string },
    extra: { cache?: boolean } = {},
  ) => (
    <LazySelect
      id={`preview-${name}`}
      label={t(`preview.${name}`)}
      url={target.path}
      labelField={target.labelField}
      value={facts[name] as Id}
      onChange={(value) => set(name)(value)}
      {...extra}
    />
  );
  const outcome = preview.data;
  return (
    <FormSection title={t('preview.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate(bodyOf(facts, kind));
        }}
        data-testid="assignment-preview"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('preview.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {reference('clientId', counterpartyResource)}
            {reference('productId', productResource, { cache: true })}
            {reference('serviceOfficeId', serviceOfficeResource, { cache: true })}
            <Select
              id="preview-transportType"
              label={t('preview.transportType')}
              data={TRANSPORT_TYPES.map((type) => ({
                value: type,
                label: TRANSPORT_TYPE_LABELS[type][lang],
              }))}
              value={facts.transportType}
              onChange={(value) => set('transportType')(value)}
              clearable
            />
            {reference('dispatchCountryId', countryResource, { cache: true })}
            {reference('deliveryCountryId', countryResource, { cache: true })}
            {kind === 'customs' && reference('customsPointId', customsPointResource, { cache: true })}
            {kind === 'customs' && (
              <Select
                id="preview-procedure"
                label={t('preview.procedure')}
                data={Object.entries(CUSTOMS_PROCEDURE_LABELS).map(([value, label]) => ({
                  value,
                  label: label[lang],
                }))}
                value={facts.procedure}
                onChange={(value) => set('procedure')(value)}
                clearable
              />
            )}
            {kind === 'customs' && (
              <Select
                id="preview-assigns"
                label={t('preview.assigns')}
                data={Object.entries(CUSTOMS_ASSIGNEE_LABELS).map(([value, label]) => ({
                  value,
                  label: label[lang],
                }))}
                value={facts.assigns ?? 'specialist'}
                onChange={(value) => set('assigns')(value)}
                allowDeselect={false}
              />
            )}
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              leftSection={<IconUserSearch size={16} />}
              loading={preview.isPending}
              data-testid="assignment-preview-run"
            >
              {t('preview.run')}
            </Button>
          </Group>
          {outcome && (
            <Alert
              color={outcome.userId === null ? 'gray' : 'teal'}
              role="status"
              data-testid="assignment-preview-result"
            >
              {outcome.userId === null
                ? t('preview.none')
                : t('preview.result', { rule: outcome.ruleName, user: outcome.userName })}
            </Alert>
          )}
        </Stack>
      </form>
    </FormSection>
  );
}
