import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CARGO_MEASURES,
  CARGO_UNITS,
  type Cargo,
  type CargoMeasureField,
  type FieldDescriptor,
  type OperationCustomFieldGroup,
  type ResourceDescriptor,
  type RoutePoint,
} from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatDate, formatDecimal } from '../../platform/format';
import { useReferenceLabels } from '../../platform/resources/references';
import type { ResourceTexts } from '../../platform/resources/texts';
import { displayValue } from '../../platform/resources/widgets';
import { shownDefinitions } from '../../platform/widgets/custom-fields';
import { cargoFormOf } from './logic';

const reference = (name: string, path: string, labelField = 'name'): FieldDescriptor => ({
  name,
  type: 'reference',
  label: name,
  reference: { path, labelField },
});
const COUNTRY = reference('countryId', '/settings/countries');
const CURRENCY = reference('declaredValueCurrencyId', '/settings/currencies', 'code');
const GROUP = reference('customFieldGroupId', '/custom-fields/operation/groups');

/** A blank value as the read-only blocks show it. */
const NONE = '—';

/** One value under its label. */
export function ValueItem({ label, children }: { label: ReactNode; children: ReactNode }) {
  const blank = children === null || children === undefined || children === '' || children === false;
  return (
    <div>
      <Text size="xs" c="dimmed" lh={1.4}>
        {label}
      </Text>
      <Text size="sm" lh={1.5} c={blank ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {blank ? NONE : children}
      </Text>
    </div>
  );
}

/** A grid of values under their labels. */
export function ValueGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** The descriptor fields `names` of a saved record as text: references by their labels. */
export function FieldsView({
  descriptor,
  texts,
  record,
  names,
}: {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Record<string, unknown>;
  names: readonly string[];
}) {
  const fields = names
    .map((name) => descriptor.fields.find((field) => field.name === name))
    .filter((field): field is FieldDescriptor => field !== undefined);
  const labels = useReferenceLabels(fields, [record]);
  return (
    <ValueGrid>
      {fields.map((field) => {
        const value = record[field.name];
        const empty = value === null || value === undefined || (Array.isArray(value) && value.length === 0);
        const text = empty
          ? ''
          : field.type === 'reference' || field.type === 'references'
            ? labels(field, value)
            : displayValue(field, value, texts);
        return (
          <ValueItem key={field.name} label={texts.label(field)}>
            {text}
          </ValueItem>
        );
      })}
    </ValueGrid>
  );
}

/** A window of dates, "from – to", or the one day. */
export function dateWindow(from: string | null, to: string | null): string {
  if (from && to && from !== to) return `${formatDate(from)} – ${formatDate(to)}`;
  return formatDate(from ?? to);
}

/** The points of a route as text: kind, address, country, dates and contact. */
export function RouteView({ route }: { route: readonly RoutePoint[] }) {
  const { t } = useTranslation('operations');
  const country = useReferenceLabels([COUNTRY], route);
  if (route.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('routeEditor.empty')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="route-view">
      {route.map((point, index) => (
        <Group
          // Points have no id of their own; their place in the route is what they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          gap="md"
          align="flex-start"
          wrap="nowrap"
          data-testid="route-view-point"
        >
          <Badge
            variant="light"
            color={point.kind === 'dispatch' ? 'blue' : 'teal'}
            tt="none"
            w={110}
            style={{ flexShrink: 0 }}
          >
            {t(`pointKinds.${point.kind}`)}
          </Badge>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {point.address}
              {point.countryId !== null && (
                <Text span c="dimmed" inherit fw={400}>
                  {', '}
                  {country(COUNTRY, point.countryId)}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                dateWindow(point.dateFrom, point.dateTo),
                [point.contactName, point.contactPhone].filter(Boolean).join(', '),
              ]
                .filter(Boolean)
                .join(' · ') || NONE}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

const MEASURES: CargoMeasureField[] = [
  'weight',
  'commercialWeight',
  'grossWeight',
  'volume',
  'length',
  'width',
  'height',
];

/** An order's cargo as text: its measures in its own unit system, value, origin, handling and codes. */
export function CargoView({ cargo }: { cargo: Cargo }) {
  const { t, i18n } = useTranslation('operations');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const typed = cargoFormOf(cargo);
  const labels = useReferenceLabels(
    [COUNTRY, CURRENCY],
    [{ countryId: cargo.countryOfOriginId, declaredValueCurrencyId: cargo.declaredValueCurrencyId }],
  );
  const unitOf = (field: CargoMeasureField) =>
    CARGO_UNITS[cargo.unitSystem][CARGO_MEASURES[field]].labels[lang];
  const flags = (['liquid', 'stackable', 'noRealCargo'] as const).filter((flag) => cargo[flag]);
  return (
    <Stack gap="sm">
      <ValueItem label={t('cargo.description')}>{cargo.description}</ValueItem>
      <ValueGrid>
        {MEASURES.filter((field) => typed[field] !== '').map((field) => (
          <ValueItem key={field} label={t(`cargo.${field}`)}>
            {formatDecimal(typed[field], i18n.language)} {unitOf(field)}
          </ValueItem>
        ))}
        <ValueItem label={t('cargo.declaredValue')}>
          {cargo.declaredValue &&
            `${formatDecimal(cargo.declaredValue, i18n.language)} ${
              cargo.declaredValueCurrencyId === null ? '' : labels(CURRENCY, cargo.declaredValueCurrencyId)
            }`.trim()}
        </ValueItem>
        <ValueItem label={t('cargo.countryOfOriginId')}>
          {cargo.countryOfOriginId !== null && labels(COUNTRY, cargo.countryOfOriginId)}
        </ValueItem>
        <ValueItem label={t('cargo.placeCount')}>{cargo.placeCount}</ValueItem>
        <ValueItem label={t('cargo.packaging')}>{cargo.packaging}</ValueItem>
        <ValueItem label={t('cargo.tnvedCodes')}>{cargo.tnvedCodes.join(', ')}</ValueItem>
      </ValueGrid>
      {flags.length > 0 && (
        <Group gap="xs">
          {flags.map((flag) => (
            <Badge key={flag} variant="outline" color="gray" tt="none">
              {t(`cargo.${flag}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A custom field's value as text: lists joined, rows and files counted. */
function customValueText(value: unknown, lang: string, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'number') return formatDecimal(value, lang);
  if (Array.isArray(value))
    return value
      .map((item) => customValueText(item, lang, yes, no))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object') {
    const row = value as Record<string, unknown>;
    const named = row.name ?? row.label ?? row.originalName ?? row.id;
    return named === undefined ? '' : String(named);
  }
  return String(value);
}

/** The custom fields of a record as text: the group, then each field that has a value. */
export function CustomFieldsView({
  groupId,
  values,
}: {
  groupId: number | null;
  values: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation('operations');
  const { t: common } = useTranslation('common');
  const groupLabel = useReferenceLabels([GROUP], [{ customFieldGroupId: groupId }]);
  const group = useQuery({
    queryKey: ['operation-custom-field-group', groupId],
    queryFn: ({ signal }) =>
      api.get<OperationCustomFieldGroup>(`/custom-fields/operation/groups/${groupId}`, {
        signal,
        cache: true,
      }),
    enabled: groupId !== null,
  });
  const definitions = group.data ? shownDefinitions(group.data.definitions) : [];
  return (
    <ValueGrid>
      <ValueItem label={t('customFields.group')}>{groupId !== null && groupLabel(GROUP, groupId)}</ValueItem>
      {definitions.map((definition) => (
        <ValueItem key={definition.code} label={definition.description}>
          {customValueText(values[definition.code], i18n.language, common('yes'), common('no'))}
        </ValueItem>
      ))}
    </ValueGrid>
  );
}
