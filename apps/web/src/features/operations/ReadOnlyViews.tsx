import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CARGO_MEASURES,
  CARGO_UNITS,
  type Cargo,
  type CargoMeasureField,
  type FieldDescriptor,
  type OperationCustomFieldGroup,
  type RoutePoint,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatDate, formatDecimal } from '../../platform/format';
import { CustomValueItems, NONE, ValueGrid, ValueItem } from '../../platform/kit/ReadOnlyValues';
import { useReferenceLabels } from '../../platform/resources/references';
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

/** The custom fields of a record as text: the group, then each field that has a value. */
export function CustomFieldsView({
  groupId,
  values,
}: {
  groupId: number | null;
  values: Record<string, unknown>;
}) {
  const { t } = useTranslation('operations');
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
  const definitions = group.data?.definitions ?? [];
  return (
    <ValueGrid>
      <ValueItem label={t('customFields.group')}>{groupId !== null && groupLabel(GROUP, groupId)}</ValueItem>
      <CustomValueItems definitions={definitions} values={values} />
    </ValueGrid>
  );
}
