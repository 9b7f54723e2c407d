import type { ValidationTree } from '@tms/domain';
import { ApiError } from '../api/errors';

/** Field name under which root-level messages of a Validation Failed tree are shown. */
export const ROOT_FIELD = 'root';

/**
 * A Validation Failed tree flattened to field paths (`cleartextPassword.first`, `items.0.name`); root
 * messages go under `root`.
 */
export function fieldErrorsOf(tree: ValidationTree | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (node: ValidationTree, path: string) => {
    if (node.errors?.length) {
      const field = path || ROOT_FIELD;
      out[field] = [...(out[field] ?? []), ...node.errors];
    }
    for (const [key, child] of Object.entries(node.children ?? {}))
      walk(child, path ? `${path}.${key}` : key);
  };
  if (tree) walk(tree, '');
  return out;
}

/** The field errors of a failed save, or null when the failure was not a validation failure. */
export function validationErrorsOf(error: unknown): Record<string, string[]> | null {
  if (error instanceof ApiError && error.status === 400 && error.errors) return fieldErrorsOf(error.errors);
  return null;
}
