import type { DataImportField, DataImportTargetInfo } from '@tms/domain';

/** `ns.key.rest` as i18next's `ns:key.rest`. */
export const i18nKey = (label: string) => {
  const dot = label.indexOf('.');
  return dot < 0 ? label : `${label.slice(0, dot)}:${label.slice(dot + 1)}`;
};

/** The namespaces a target's field labels live in (a descriptor's `<namespace>.<key>`). */
export function labelNamespaces(targets: readonly DataImportTargetInfo[]): string[] {
  const namespaces = new Set<string>();
  for (const target of targets) {
    namespaces.add(target.label.split('.')[0]!);
    for (const field of target.fields) namespaces.add(field.label.split('.')[0]!);
  }
  return [...namespaces];
}

/** The target a description's target and resource name. */
export function targetOf(
  targets: readonly DataImportTargetInfo[],
  target: string | undefined,
  resource: string | null | undefined,
): DataImportTargetInfo | undefined {
  return targets.find((t) => t.target === target && (target !== 'resource' || t.resource === resource));
}

/** A field's prefix part (`contact` of `contact.name`), if it is a part's. */
export const partOf = (field: Pick<DataImportField, 'name'>) =>
  field.name.includes('.') ? field.name.slice(0, field.name.indexOf('.')) : null;
