import { useTranslation } from 'react-i18next';
import { useTargets } from './api';
import { i18nKey, labelNamespaces, partOf, targetOf } from './logic';

/** A target's field as the user reads it (`Contact: Name` for a part's), for a description's target. */
export function useFieldLabel(target: string | undefined, resource: string | null | undefined) {
  const targets = useTargets().data ?? [];
  const { t } = useTranslation(['dataImport', ...labelNamespaces(targets)]);
  const fields = targetOf(targets, target, resource)?.fields ?? [];
  return (name: string) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return name;
    const own = t(i18nKey(field.label), { defaultValue: field.name });
    const part = partOf(field);
    return part ? `${t(`dataImport:parts.${part}`)}: ${own}` : own;
  };
}
