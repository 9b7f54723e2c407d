import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconMapPinPlus,
  IconTrash,
} from '@tabler/icons-react';
import { ROUTE_POINT_KINDS, type RoutePointKind } from '@tms/domain';
import { type Control, Controller, useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, ownErrorText } from '../../platform/kit/errorText';
import { DateInput, LazySelect } from '../../platform/widgets';
import { emptyRoutePoint, type RoutePointForm } from './logic';

type RouteValues = { route: RoutePointForm[] };

/** The dictionaries a point refers to, with their column widths. */
const REFERENCES = [
  { name: 'countryId', url: '/settings/countries', span: 3 },
  { name: 'loadingMethodId', url: '/tms/loading-unloading-methods', span: 4 },
] as const;

interface RouteEditorProps {
  control: Control<RouteValues>;
  disabled: boolean;
}

/**
 * The points of a route in the order the cargo passes them: kind, address, country, the loading or
 * unloading window, the contact and the loading method. Points are added, moved and removed; the
 * server's errors show under their point's field, a rule of the whole route above the points.
 */
export function RouteEditor({ control, disabled }: RouteEditorProps) {
  const { t } = useTranslation('operations');
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'route' });
  const { errors } = useFormState({ control, name: 'route' });
  const routeError = ownErrorText(errors.route);

  return (
    <Stack gap="sm" data-testid="route-editor">
      {routeError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="route-error">
          {routeError}
        </Alert>
      )}
      {fields.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('routeEditor.empty')}
        </Text>
      )}
      {fields.map((point, index) => (
        <Paper key={point.id} withBorder p="md" data-testid="route-point">
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Group gap="sm">
              <Badge variant="light" color="gray" tt="none" radius="sm">
                {index + 1}
              </Badge>
              <Controller
                name={`route.${index}.kind`}
                control={control}
                render={({ field }) => (
                  <SegmentedControl
                    size="xs"
                    value={field.value}
                    onChange={(value) => field.onChange(value as RoutePointKind)}
                    disabled={disabled}
                    aria-label={t('route.kind')}
                    data={ROUTE_POINT_KINDS.map((kind) => ({ value: kind, label: t(`pointKinds.${kind}`) }))}
                  />
                )}
              />
            </Group>
            {!disabled && (
              <Group gap={4}>
                <Tooltip label={t('routeEditor.moveUp')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('routeEditor.moveUp')}
                    disabled={index === 0}
                    onClick={() => swap(index, index - 1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('routeEditor.moveDown')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('routeEditor.moveDown')}
                    disabled={index === fields.length - 1}
                    onClick={() => swap(index, index + 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('routeEditor.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('routeEditor.remove')}
                    onClick={() => remove(index)}
                    data-testid="route-point-remove"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Controller
                name={`route.${index}.address`}
                control={control}
                render={({ field, fieldState }) => (
                  <TextInput
                    id={`route-${index}-address`}
                    label={t('route.address')}
                    required
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value)}
                    onBlur={field.onBlur}
                    error={errorText(fieldState.error)}
                    disabled={disabled}
                  />
                )}
              />
            </Grid.Col>
            {REFERENCES.map(({ name, url, span }) => (
              <Grid.Col key={name} span={{ base: 12, md: span }}>
                <Controller
                  name={`route.${index}.${name}`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <LazySelect
                      id={`route-${index}-${name}`}
                      label={t(`route.${name}`)}
                      url={url}
                      labelField="name"
                      cache
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      error={errorText(fieldState.error)}
                      disabled={disabled}
                    />
                  )}
                />
              </Grid.Col>
            ))}
            {(['dateFrom', 'dateTo'] as const).map((name) => (
              <Grid.Col key={name} span={{ base: 6, md: 3 }}>
                <Controller
                  name={`route.${index}.${name}`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <DateInput
                      id={`route-${index}-${name}`}
                      label={t(`route.${name}`)}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errorText(fieldState.error)}
                      disabled={disabled}
                    />
                  )}
                />
              </Grid.Col>
            ))}
            {(['contactName', 'contactPhone'] as const).map((name) => (
              <Grid.Col key={name} span={{ base: 6, md: 3 }}>
                <Controller
                  name={`route.${index}.${name}`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextInput
                      id={`route-${index}-${name}`}
                      label={t(`route.${name}`)}
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.currentTarget.value)}
                      onBlur={field.onBlur}
                      error={errorText(fieldState.error)}
                      disabled={disabled}
                    />
                  )}
                />
              </Grid.Col>
            ))}
          </Grid>
        </Paper>
      ))}
      {!disabled && (
        <Group gap="xs">
          {ROUTE_POINT_KINDS.map((kind) => (
            <Button
              key={kind}
              variant="default"
              size="sm"
              leftSection={<IconMapPinPlus size={16} />}
              onClick={() => append(emptyRoutePoint(kind))}
              data-testid={`route-add-${kind}`}
            >
              {t(`routeEditor.add.${kind}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
