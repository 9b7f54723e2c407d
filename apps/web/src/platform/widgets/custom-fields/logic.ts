import type { CustomFieldDefinition, ValidationTree } from '@tms/domain';

/** A tree node with no messages: what a field without errors gets. */
export const NO_ERRORS: ValidationTree = { errors: [], children: {} };

/** The subtree of one path segment (a field code, a row index). */
export const childErrors = (
  tree: ValidationTree | undefined,
  key: string | number,
): ValidationTree | undefined => tree?.children[String(key)];

/** Every message at a node and below it, for a widget that shows one line (a file list, a multi-select). */
export function allMessages(tree: ValidationTree | undefined): string[] {
  if (!tree) return [];
  return [...tree.errors, ...Object.values(tree.children).flatMap(allMessages)];
}

/**
 * A react-hook-form errors object (`{code: {message}, rows: [{name: {message}}]}`) as a Validation Failed
 * tree, so that client and server errors reach the renderer the same way.
 */
export function treeOfFormErrors(errors: unknown): ValidationTree | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const tree: ValidationTree = { errors: [], children: {} };
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    if (key === 'message') {
      if (typeof value === 'string' && value) tree.errors.push(value);
      continue;
    }
    const child = treeOfFormErrors(value);
    if (child) tree.children[key] = child;
  }
  return tree.errors.length || Object.keys(tree.children).length ? tree : undefined;
}

/** A new row id of a user-defined list (spec §3: generated on the client). */
export function newRowId(): string {
  return crypto.randomUUID();
}

/** Options of a select in the reader's language. */
export function optionLabel(option: { label: string; labelEn?: string | null }, lang: string): string {
  return lang === 'en' && option.labelEn ? option.labelEn : option.label;
}

/** Items answered by an options address: a plain array or the contract's list. */
export function itemsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  if (
    answer &&
    typeof answer === 'object' &&
    Array.isArray((answer as { collection?: unknown }).collection)
  ) {
    return (answer as { collection: Record<string, unknown>[] }).collection;
  }
  return [];
}

/** Types that take a whole row of a form. */
export const WIDE_TYPES = new Set([
  'textarea',
  'form',
  'form-collection',
  'file-collection',
  'expanded-select',
]);

/** Enabled definitions in display order: the fields a form shows. */
export function shownDefinitions(definitions: readonly CustomFieldDefinition[]): CustomFieldDefinition[] {
  return definitions
    .filter((definition) => definition.enabled)
    .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));
}
