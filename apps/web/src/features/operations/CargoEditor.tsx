import {
  Alert,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  CARGO_FIELD_ROLES,
  CARGO_MEASURES,
  CARGO_UNIT_SYSTEMS,
  CARGO_UNITS,
  type CargoMeasureField,
  type CargoUnitSystem,
  cargoDeclaredValuePerKg,
  cargoValueWarnings,
  type FieldDescriptor,
} from '@tms/domain';
import { type Control, Controller, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDecimal } from '../../platform/format';
import { errorText } from '../../platform/kit/errorText';
import { useReferenceLabels } from '../../platform/resources/references';
import { AutoTextarea, DecimalField, LazySelect, NumberField } from '../../platform/widgets';
import { type CargoForm, cargoBodyOf, switchUnitSystem } from './logic';

type CargoValues = { cargo: CargoForm };

interface CargoEditorProps {
  control: Control<CargoValues>;
  disabled: boolean;
}

const CURRENCY: FieldDescriptor = {
  name: 'declaredValueCurrencyId',
  type: 'reference',
  label: 'operations.cargo.declaredValueCurrencyId',
  reference: { path: '/settings/currencies', labelField: 'code' },
};

const WEIGHTS: CargoMeasureField[] = ['weight', 'commercialWeight', 'grossWeight'];
const SIZES: CargoMeasureField[] = ['volume', 'length', 'width', 'height'];

/**
 * The cargo of an order: measures entered in the chosen unit system (switching converts what is typed),
 * value and origin, handling flags and TNVED codes. The form keeps the typed text; the body is in metric.
 */
export function CargoEditor({ control, disabled }: CargoEditorProps) {
  const { t, i18n } = useTranslation('operations');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const { field: cargo } = useController({ control, name: 'cargo' });
  const units = (useWatch({ control, name: 'cargo.unitSystem' }) ?? 'metric') as CargoUnitSystem;
  const unitOf = (field: CargoMeasureField) => CARGO_UNITS[units][CARGO_MEASURES[field]].labels[lang];
  const system = useSystemData();
  const { options } = system;
  // A flag needing a role the user lacks (liquid cargo) stays as it is.
  const locked = (flag: string) => {
    const role = CARGO_FIELD_ROLES[flag];
    return role !== undefined && !hasRole(system, role);
  };
  const typed = cargoBodyOf(useWatch({ control, name: 'cargo' })).cargo;
  const currencyCode = useReferenceLabels([CURRENCY], [typed])(CURRENCY, typed.declaredValueCurrencyId);
  const perKg = cargoDeclaredValuePerKg(typed.declaredValue, typed.weight);
  // The limits of the system settings are in the system currency: other currencies are not compared.
  const limits = {
    cargoDeclaredValuePerKg: String(options.cargoDeclaredValuePerKg ?? '0'),
    cargoInsuredValue: String(options.cargoInsuredValue ?? '0'),
  };
  const warnings =
    typed.declaredValueCurrencyId && currencyCode === options.systemCurrency
      ? cargoValueWarnings({ declaredValue: typed.declaredValue, weight: typed.weight }, limits)
      : [];

  /** A typed text field of the cargo; measures carry their unit on the right. */
  const text = (name: CargoMeasureField | 'declaredValue' | 'packaging', unit?: string) => (
    <Controller
      name={`cargo.${name}`}
      control={control}
      render={({ field, fieldState }) => {
        const props = {
          id: `cargo-${name}`,
          label: t(`cargo.${name}`),
          onBlur: field.onBlur,
          error: errorText(fieldState.error),
          disabled,
          rightSection: unit && (
            <Text size="xs" c="dimmed" pr={4}>
              {unit}
            </Text>
          ),
          rightSectionWidth: unit ? 70 : undefined,
          rightSectionPointerEvents: 'none' as const,
        };
        return name === 'packaging' ? (
          <TextInput
            {...props}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.currentTarget.value)}
          />
        ) : (
          // Measures and the value are numbers: shown and typed in the language's way, held as plain text.
          <DecimalField
            {...props}
            value={field.value ?? null}
            onChange={(next) => field.onChange(next ?? '')}
          />
        );
      }}
    />
  );

  const measure = (name: CargoMeasureField) => (
    <Grid.Col key={name} span={{ base: 6, md: 3 }}>
      {text(name, unitOf(name))}
    </Grid.Col>
  );

  const select = (name: 'declaredValueCurrencyId' | 'countryOfOriginId', url: string, labelField: string) => (
    <Controller
      name={`cargo.${name}`}
      control={control}
      render={({ field, fieldState }) => (
        <LazySelect
          id={`cargo-${name}`}
          label={t(`cargo.${name}`)}
          url={url}
          labelField={labelField}
          cache
          value={field.value}
          onChange={(value) => field.onChange(value as number | null)}
          error={errorText(fieldState.error)}
          disabled={disabled}
        />
      )}
    />
  );

  const toggle = (name: 'liquid' | 'stackable' | 'noRealCargo') => (
    <Controller
      key={name}
      name={`cargo.${name}`}
      control={control}
      render={({ field, fieldState }) => (
        <Switch
          id={`cargo-${name}`}
          label={t(`cargo.${name}`)}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          error={errorText(fieldState.error)}
          disabled={disabled || locked(name)}
        />
      )}
    />
  );

  return (
    <Stack gap="md" data-testid="cargo-editor">
      <Group gap="sm" align="center">
        <Text size="sm" fw={500} id="cargo-unit-system-label">
          {t('cargo.unitSystem')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="cargo-unit-system-label"
          value={units}
          onChange={(next) => cargo.onChange(switchUnitSystem(cargo.value, next as CargoUnitSystem))}
          disabled={disabled}
          data={CARGO_UNIT_SYSTEMS.map((value) => ({ value, label: t(`unitSystems.${value}`) }))}
          data-testid="cargo-unit-system"
        />
      </Group>
      <Grid gap="md">
        {WEIGHTS.map(measure)}
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Controller
            name="cargo.placeCount"
            control={control}
            render={({ field, fieldState }) => (
              <NumberField
                id="cargo-placeCount"
                label={t('cargo.placeCount')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
                disabled={disabled}
              />
            )}
          />
        </Grid.Col>
        {SIZES.map(measure)}
        <Grid.Col span={{ base: 12, md: 3 }}>{text('declaredValue')}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {select('declaredValueCurrencyId', '/settings/currencies', 'code')}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput
            id="cargo-declaredValuePerKg"
            label={t('cargo.declaredValuePerKg')}
            value={formatDecimal(perKg, i18n.language)}
            readOnly
            variant="filled"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {select('countryOfOriginId', '/settings/countries', 'name')}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>{text('packaging')}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Controller
            name="cargo.tnvedCodes"
            control={control}
            render={({ field, fieldState }) => (
              <TagsInput
                id="cargo-tnvedCodes"
                label={t('cargo.tnvedCodes')}
                description={t('cargoEditor.tnvedHint')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
                disabled={disabled}
                clearable
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            name="cargo.description"
            control={control}
            render={({ field, fieldState }) => (
              <AutoTextarea
                id="cargo-description"
                label={t('cargo.description')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
                disabled={disabled}
              />
            )}
          />
        </Grid.Col>
      </Grid>
      {warnings.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="cargo-warnings"
        >
          {warnings.map((warning) => (
            <Text key={warning.message} size="sm">
              {warning.path[0] === 'declaredValuePerKg'
                ? t('cargoEditor.perKgLimit', { limit: `${limits.cargoDeclaredValuePerKg} ${currencyCode}` })
                : t('cargoEditor.insuredLimit', { limit: `${limits.cargoInsuredValue} ${currencyCode}` })}
            </Text>
          ))}
        </Alert>
      )}
      <Group gap="xl">{(['liquid', 'stackable', 'noRealCargo'] as const).map(toggle)}</Group>
    </Stack>
  );
}
