import { SimpleGrid, Text } from '@mantine/core';
import type { CustomFieldDefinition, FieldDescriptor, ResourceDescriptor } from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDecimal } from '../format';
import { useReferenceLabels } from '../resources/references';
import type { ResourceTexts } from '../resources/texts';
import { displayValue } from '../resources/widgets';
import { shownDefinitions } from '../widgets/custom-fields';

/**
 * The saved values of a record as text, for the blocks of a page read first (orders, jobs, requests;
 * `EditableBlock` shows them until its Edit button is pressed).
 */

/** A blank value as the read-only blocks show it. */
export const NONE = '—';

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
        // The record's own copy of a reference's name (an order's client name) reads even where the
        // referenced record is outside the reader's scope.
        const shown = field.shownBy ? record[field.shownBy] : undefined;
        const text = empty
          ? ''
          : typeof shown === 'string' && shown !== ''
            ? shown
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

/** A custom field's value as text: lists joined, rows and files counted. */
export function customValueText(value: unknown, lang: string, yes: string, no: string): string {
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

/** The custom fields with a place on the record (enabled, in order) as label and text, for a `ValueGrid`. */
export function CustomValueItems({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation('common');
  return shownDefinitions(definitions).map((definition) => (
    <ValueItem key={definition.code} label={definition.description}>
      {customValueText(values[definition.code], i18n.language, t('yes'), t('no'))}
    </ValueItem>
  ));
}
