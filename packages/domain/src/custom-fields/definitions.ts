// The parts of a definition shared with values.ts live in kinds.ts (no import cycle between the two).
import { z } from 'zod';
import {
  apiAddress,
  CUSTOM_FIELD_STORAGE_TYPES,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  customFieldAdditionalOptionsSchema,
  customFieldCode,
  customFieldOptionSchema,
  FORM_TYPES,
  MULTI_SELECT_TYPES,
  storageTypesOf,
  URL_OPTION_TYPES,
} from './kinds';
import { validateCustomFieldValues } from './values';

export * from './kinds';

/**
 * The members of a definition. The create body of a stored definition has no defaults (an update is its
 * partial, and a default there would overwrite what was not sent); definitions kept inside a document
 * (children, operation groups) are complete, so their schema fills the defaults.
 */
function definitionShape(complete: boolean) {
  const flag = complete ? z.boolean().default(false) : z.boolean().optional();
  const text = (max: number) => z.string().trim().max(max).nullable().optional();
  return {
    code: customFieldCode,
    description: z.string().trim().min(1).max(255),
    /** The description in English; the description is shown when it is missing. */
    descriptionEn: text(255),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: flag,
    enabled: complete ? z.boolean().default(true) : z.boolean().optional(),
    defaultValue: z.json().nullable().optional(),
    emptyText: text(255),
    options: complete
      ? z.array(customFieldOptionSchema).max(500).default([])
      : z.array(customFieldOptionSchema).max(500).optional(),
    /** lazy-select: items URL; expanded-select: options source URL. */
    optionsUrl: apiAddress.nullable().optional(),
    /** lazy-select: address loading the chosen entries, `{value}` replaced by the value(s) joined by '-'. */
    selectedUrl: apiAddress.nullable().optional(),
    multiple: flag,
    additionalOptions: customFieldAdditionalOptionsSchema.nullable().optional(),
    warnIfEmpty: flag,
    notEditableAfterCreation: flag,
    inheritOnCopy: flag,
    inheritOnJobCreation: flag,
    blockArchiveIfEmpty: flag,
    searchDisplay: flag,
    strictFilter: flag,
    /** Unset: the type's own (number, date, else text). */
    storageType: z.enum(CUSTOM_FIELD_STORAGE_TYPES).optional(),
    position: complete
      ? z.number().int().min(0).max(100_000).default(0)
      : z.number().int().min(0).max(100_000).optional(),
  };
}

export const DEFINITION_MESSAGES = {
  optionsRequired: 'Add at least one option.',
  urlRequired: 'An options address is needed for this type.',
  childrenRequired: 'Add at least one child field.',
  listRequired: 'Choose a user-defined list.',
  multipleNotAllowed: 'This type cannot hold several values.',
  storageMismatch: 'This storage type does not fit the field type.',
  nestedForm: 'A child field cannot be a form.',
  duplicateOption: 'This value is already used.',
} as const;

export interface DefinitionIssue {
  path: (string | number)[];
  message: string;
}

type DefinitionLike = Partial<Omit<CustomFieldDefinition, 'children'>> & {
  type: CustomFieldType;
  children?: readonly DefinitionLike[] | null;
};

/**
 * Cross-member rules of one definition (the members themselves are checked by the schema); `nested`
 * for a child of a form, which may not be a form itself so that values stay two levels deep at most.
 */
export function definitionIssues(definition: DefinitionLike, nested = false): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const { type } = definition;
  const options = definition.options ?? [];
  if (type === 'select' && options.length === 0)
    issues.push({ path: ['options'], message: DEFINITION_MESSAGES.optionsRequired });
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (seen.has(option.value))
      issues.push({ path: ['options', index, 'value'], message: DEFINITION_MESSAGES.duplicateOption });
    seen.add(option.value);
  });
  if (URL_OPTION_TYPES.has(type) && !definition.optionsUrl) {
    issues.push({ path: ['optionsUrl'], message: DEFINITION_MESSAGES.urlRequired });
  }
  if (definition.multiple && !MULTI_SELECT_TYPES.has(type)) {
    issues.push({ path: ['multiple'], message: DEFINITION_MESSAGES.multipleNotAllowed });
  }
  if (definition.storageType && !storageTypesOf(type).includes(definition.storageType)) {
    issues.push({ path: ['storageType'], message: DEFINITION_MESSAGES.storageMismatch });
  }
  if (type === 'user-defined-list' && !definition.additionalOptions?.list) {
    issues.push({ path: ['additionalOptions', 'list'], message: DEFINITION_MESSAGES.listRequired });
  }
  if (nested && FORM_TYPES.has(type))
    issues.push({ path: ['type'], message: DEFINITION_MESSAGES.nestedForm });
  if (definition.defaultValue !== null && definition.defaultValue !== undefined && issues.length === 0) {
    // The default must be a value the field itself accepts.
    const probe = completeDefinition({
      ...definition,
      code: 'value',
      description: 'value',
      required: false,
      enabled: true,
    });
    const checked = validateCustomFieldValues([probe], { value: definition.defaultValue });
    for (const issue of checked.issues)
      issues.push({ path: ['defaultValue', ...issue.path.slice(1)], message: issue.message });
  }
  const children = definition.children ?? [];
  if (FORM_TYPES.has(type)) {
    if (children.length === 0)
      issues.push({ path: ['children'], message: DEFINITION_MESSAGES.childrenRequired });
    issues.push(...codeIssues(children, ['children']));
    children.forEach((child, index) => {
      for (const issue of definitionIssues(child, true)) {
        issues.push({ ...issue, path: ['children', index, ...issue.path] });
      }
    });
  }
  return issues;
}

/** Codes must be unique among siblings: they are the keys of the values object. */
export function codeIssues(
  definitions: readonly { code?: string }[],
  path: (string | number)[],
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const seen = new Set<string>();
  definitions.forEach((definition, index) => {
    if (!definition.code) return;
    if (seen.has(definition.code))
      issues.push({ path: [...path, index, 'code'], message: 'This value is already used.' });
    seen.add(definition.code);
  });
  return issues;
}

const addIssues = (ctx: z.RefinementCtx, issues: DefinitionIssue[]) => {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

type ChildSchema = z.ZodType<CustomFieldDefinition, unknown>;

/** A complete definition kept inside a document (a form's child or a member of an operation group). */
export const customFieldDefinitionSchema: ChildSchema = z
  .object({
    ...definitionShape(true),
    get children() {
      return z.array(customFieldDefinitionSchema).max(100).default([]);
    },
  })
  .superRefine((definition, ctx) => addIssues(ctx, definitionIssues(definition))) as unknown as ChildSchema;

/** A child field of a form: complete, and not a form itself. */
export const customFieldChildSchema: ChildSchema = z
  .object({ ...definitionShape(true), children: z.array(z.never()).max(0).default([]) })
  .superRefine((definition, ctx) =>
    addIssues(ctx, definitionIssues(definition, true)),
  ) as unknown as ChildSchema;

/** The members of a stored definition's create body (no defaults; the server fills them). */
export const customFieldDefinitionInputShape = {
  ...definitionShape(false),
  children: z.array(customFieldChildSchema).max(100).optional(),
};

/** Definition list of a document: complete definitions with unique codes. */
export const customFieldDefinitionListSchema = z
  .array(customFieldDefinitionSchema)
  .max(200)
  .superRefine((definitions, ctx) => addIssues(ctx, codeIssues(definitions, [])));

/** Fills the defaults of a definition read from storage or from a partial body. */
export function completeDefinition(
  definition: DefinitionLike & { code: string; description: string },
): CustomFieldDefinition {
  return {
    code: definition.code,
    description: definition.description,
    descriptionEn: definition.descriptionEn ?? null,
    type: definition.type,
    required: definition.required ?? false,
    enabled: definition.enabled ?? true,
    defaultValue: definition.defaultValue ?? null,
    emptyText: definition.emptyText ?? null,
    options: definition.options ?? [],
    optionsUrl: definition.optionsUrl ?? null,
    selectedUrl: definition.selectedUrl ?? null,
    multiple: definition.multiple ?? false,
    children: (definition.children ?? []).map((child) =>
      completeDefinition(child as DefinitionLike & { code: string; description: string }),
    ),
    additionalOptions: definition.additionalOptions ?? null,
    warnIfEmpty: definition.warnIfEmpty ?? false,
    notEditableAfterCreation: definition.notEditableAfterCreation ?? false,
    inheritOnCopy: definition.inheritOnCopy ?? false,
    inheritOnJobCreation: definition.inheritOnJobCreation ?? false,
    blockArchiveIfEmpty: definition.blockArchiveIfEmpty ?? false,
    searchDisplay: definition.searchDisplay ?? false,
    strictFilter: definition.strictFilter ?? false,
    storageType: definition.storageType ?? storageTypesOf(definition.type)[0]!,
    position: definition.position ?? 0,
  };
}

/** The description in the reader's language (spec §3 "translated when a translation exists"). */
export function definitionLabel(
  definition: Pick<CustomFieldDefinition, 'description' | 'descriptionEn'>,
  lang: string,
): string {
  return lang === 'en' && definition.descriptionEn ? definition.descriptionEn : definition.description;
}

/** Definitions in display order: position, then code. */
export function sortDefinitions<T extends Pick<CustomFieldDefinition, 'position' | 'code'>>(
  definitions: readonly T[],
): T[] {
  return [...definitions].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));
}
