import { useQueries } from '@tanstack/react-query';
import type { FieldDescriptor, ListResult } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { labelOfRow, padId } from '../format';

const REFERENCE_TYPES = new Set(['reference', 'references']);

const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/** The labels a list answer brought with its rows, by field and id (`ListResult.labels`, `labelsEn`). */
export type KnownLabels = Pick<ListResult<unknown>, 'labels' | 'labelsEn'>;

/**
 * Labels of the records that reference fields point to, for the values on screen. A list answer brings
 * them with its rows (`known`); for any other field, one list call per referenced resource with the ids
 * shown (`?id=`). Ids without a label (not found, or not readable by this user) show as the id.
 */
export function useReferenceLabels(
  fields: readonly FieldDescriptor[],
  records: readonly Record<string, unknown>[],
  known?: KnownLabels,
): (field: FieldDescriptor, value: unknown) => string {
  const { i18n } = useTranslation();
  const wanted = new Map<string, { ids: Set<number> }>();
  for (const field of fields) {
    if (!REFERENCE_TYPES.has(field.type) || !field.reference || known?.labels?.[field.name]) continue;
    const { path, labelField } = field.reference;
    const key = `${path}|${labelField}`;
    const entry = wanted.get(key) ?? { ids: new Set<number>() };
    for (const record of records) for (const id of idsIn(record[field.name])) entry.ids.add(id);
    wanted.set(key, entry);
  }
  const requests = [...wanted.entries()]
    .filter(([, { ids }]) => ids.size > 0)
    .map(([key, { ids }]) => ({
      key,
      path: key.slice(0, key.indexOf('|')),
      ids: [...ids].sort((a, b) => a - b),
    }));
  const results = useQueries({
    queries: requests.map(({ key, path, ids }) => ({
      queryKey: ['reference-labels', key, ids],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await api.get<ListResult<Record<string, unknown>>>(path, {
          query: { id: ids, itemsPerPage: ids.length },
          signal,
          suppressPopup: true,
        });
        return new Map(answer.collection.map((row) => [row.id as number, row]));
      },
      staleTime: 60_000,
    })),
  });
  const labels = new Map<string, Map<number, Record<string, unknown>>>();
  requests.forEach(({ key }, index) => {
    const data = results[index]?.data;
    if (data) labels.set(key, data);
  });
  return (field, value) => {
    const brought = known?.labels?.[field.name];
    if (brought && field.reference) {
      const { labelField, padded = false } = field.reference;
      const english = known?.labelsEn?.[field.name];
      return idsIn(value)
        .map((id) => {
          const label = brought[id];
          if (label == null) return padded ? padId(id) : String(id);
          const row = { [labelField]: label, [`${labelField}En`]: english?.[id] };
          return labelOfRow(row, labelField, padded, i18n.language);
        })
        .join(', ');
    }
    const fetched = field.reference
      ? labels.get(`${field.reference.path}|${field.reference.labelField}`)
      : undefined;
    return idsIn(value)
      .map((id) => {
        const row = fetched?.get(id);
        return row && field.reference
          ? labelOfRow(row, field.reference.labelField, field.reference.padded, i18n.language)
          : field.reference?.padded
            ? padId(id)
            : String(id);
      })
      .join(', ');
  };
}
