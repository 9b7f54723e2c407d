import { z } from 'zod';

/**
 * The Validation Failed tree of the HTTP contract: root-level messages under `errors`, per-field messages
 * nested under `children` by path segment (array indexes as strings).
 */
export interface ValidationTree {
  errors: string[];
  children: Record<string, ValidationTree>;
}

export const VALIDATION_FAILED = 'Validation Failed';

/** Stable English messages; the client translates them (locales/*\/validation.json). */
export const MESSAGES = {
  invalid: 'This value is not valid.',
  blank: 'This value should not be blank.',
  required: 'This field is missing.',
  extraField: 'This field was not expected.',
  tooShort: 'This value is too short.',
  tooLong: 'This value is too long.',
  tooSmall: 'This value is too small.',
  tooBig: 'This value is too big.',
  email: 'This value is not a valid email address.',
  date: 'This value is not a valid date.',
  choice: 'The value you selected is not a valid choice.',
  type: 'This value should be of the correct type.',
  duplicate: 'This value is already used.',
} as const;

/**
 * The error of a format check that says what the format is: an empty value is told it is empty instead,
 * as any required field is (`.regex(/^[A-Z]{3}$/, formatError('Enter three capital letters.'))`).
 */
export function formatError(message: string): { error: (issue: z.core.$ZodRawIssue) => string } {
  return { error: (issue) => (issue.input === '' ? MESSAGES.blank : message) };
}

export function emptyTree(): ValidationTree {
  return { errors: [], children: {} };
}

/** Adds one message at a path, creating the branches on the way. */
export function addToTree(
  tree: ValidationTree,
  path: readonly PropertyKey[],
  message: string,
): ValidationTree {
  let node = tree;
  for (const segment of path) {
    const key = String(segment);
    node.children[key] ??= emptyTree();
    node = node.children[key];
  }
  if (!node.errors.includes(message)) node.errors.push(message);
  return tree;
}

export function issuesToTree(issues: readonly z.core.$ZodIssue[]): ValidationTree {
  const tree = emptyTree();
  for (const issue of issues) addToTree(tree, issue.path, issue.message);
  return tree;
}

/** Paths of all messages in a tree, `a.b.0.c` style; handy in tests and logs. */
export function flattenTree(tree: ValidationTree, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (tree.errors.length) out[prefix] = [...tree.errors];
  for (const [key, child] of Object.entries(tree.children)) {
    Object.assign(out, flattenTree(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

function messageFor(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? MESSAGES.blank : MESSAGES.type;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? MESSAGES.blank : MESSAGES.tooShort;
      if (issue.origin === 'array' || issue.origin === 'set') return MESSAGES.blank;
      return MESSAGES.tooSmall;
    case 'too_big':
      return issue.origin === 'string' ? MESSAGES.tooLong : MESSAGES.tooBig;
    case 'invalid_format':
      // An empty text fails any format, but what the user must hear is that it is empty.
      if (issue.input === '') return MESSAGES.blank;
      if (issue.format === 'email') return MESSAGES.email;
      if (issue.format === 'date' || issue.format === 'datetime') return MESSAGES.date;
      return MESSAGES.invalid;
    case 'invalid_value':
      return MESSAGES.choice;
    case 'unrecognized_keys':
      return MESSAGES.extraField;
    default:
      return MESSAGES.invalid;
  }
}

/** Every zod schema of the product speaks the contract's stable messages unless a schema names its own. */
z.config({ customError: (issue) => messageFor(issue) });
