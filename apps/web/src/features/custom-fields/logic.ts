import {
  addToTree,
  CUSTOM_FIELD_FLAGS,
  type CustomFieldDefinition,
  completeDefinition,
  customerRequestCustomFieldCreateSchema,
  definitionIssues,
  emptyTree,
  FILE_TYPES,
  FORM_TYPES,
  issuesToTree,
  MULTI_SELECT_TYPES,
  URL_OPTION_TYPES,
  type ValidationTree,
} from '@tms/domain';

/** A definition being edited: what the form holds before it is sent. */
export type DefinitionDraft = Partial<Omit<CustomFieldDefinition, 'children'>> & {
  type: CustomFieldDefinition['type'];
  children?: DefinitionDraft[];
};

export const EMPTY_DRAFT: DefinitionDraft = {
  code: '',
  description: '',
  type: 'text',
  required: false,
  enabled: true,
};

const SERVER_MEMBERS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

/** A stored definition as a draft (server members dropped). */
export function draftOf(record: Record<string, unknown> | null): DefinitionDraft {
  if (!record) return { ...EMPTY_DRAFT };
  const draft = { ...record };
  for (const key of SERVER_MEMBERS) delete draft[key];
  return draft as DefinitionDraft;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The body sent for a draft: members that do not apply to its type are cleared, so that switching the
 * type of a new field leaves nothing behind; empty optional texts become null.
 */
export function bodyOfDraft(draft: DefinitionDraft, nested = false): Record<string, unknown> {
  const { type } = draft;
  const body: Record<string, unknown> = {
    code: draft.code?.trim() ?? '',
    description: draft.description?.trim() ?? '',
    descriptionEn: blank(draft.descriptionEn) ? null : draft.descriptionEn,
    type,
    required: draft.required ?? false,
    enabled: draft.enabled ?? true,
    defaultValue:
      blank(draft.defaultValue) || (Array.isArray(draft.defaultValue) && draft.defaultValue.length === 0)
        ? null
        : draft.defaultValue,
    emptyText: blank(draft.emptyText) ? null : draft.emptyText,
    options: type === 'select' ? (draft.options ?? []) : [],
    optionsUrl:
      URL_OPTION_TYPES.has(type) || FILE_TYPES.has(type)
        ? blank(draft.optionsUrl)
          ? null
          : draft.optionsUrl
        : null,
    selectedUrl:
      type === 'lazy-select' || type === 'lazy-select-full-load'
        ? blank(draft.selectedUrl)
          ? null
          : draft.selectedUrl
        : null,
    multiple: MULTI_SELECT_TYPES.has(type) ? (draft.multiple ?? false) : false,
    additionalOptions: additionalOptionsOf(draft),
    position: draft.position ?? 0,
  };
  for (const flag of CUSTOM_FIELD_FLAGS) body[flag] = draft[flag] ?? false;
  if (draft.storageType) body.storageType = draft.storageType;
  if (!nested)
    body.children = FORM_TYPES.has(type)
      ? (draft.children ?? []).map((child) => bodyOfDraft(child, true))
      : [];
  else body.children = [];
  return body;
}

function additionalOptionsOf(draft: DefinitionDraft) {
  const options = draft.additionalOptions ?? {};
  const labelFieldCode = blank(options.labelFieldCode) ? null : options.labelFieldCode;
  if (draft.type === 'user-defined-list') {
    return { list: options.list ?? null, labelFieldCode, storeAs: options.storeAs ?? 'identifier' };
  }
  if (URL_OPTION_TYPES.has(draft.type)) return labelFieldCode ? { labelFieldCode } : null;
  return null;
}

/** The checks the server makes, made before sending: the create schema and the type's rules. */
export function draftErrors(body: Record<string, unknown>): ValidationTree | null {
  const parsed = customerRequestCustomFieldCreateSchema.safeParse(body);
  const tree = parsed.success ? emptyTree() : issuesToTree(parsed.error.issues);
  if (parsed.success) {
    for (const issue of definitionIssues(parsed.data as never)) addToTree(tree, issue.path, issue.message);
  }
  return tree.errors.length || Object.keys(tree.children).length ? tree : null;
}

/** A draft as the renderer's definition (for the preview and the default value input). */
export function previewDefinition(draft: DefinitionDraft): CustomFieldDefinition {
  const body = bodyOfDraft(draft);
  return completeDefinition({
    ...(body as DefinitionDraft),
    code: draft.code || 'preview',
    description: draft.description || draft.code || '—',
    children: (draft.children ?? []).map((child, index) => ({
      ...child,
      code: child.code || `child${index}`,
      description: child.description || child.code || '—',
    })),
  } as never);
}
