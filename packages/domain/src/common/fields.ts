import { z } from 'zod';
import {
  codeField,
  createdAtField,
  dictionaryCode,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from './dictionary';
import { moneySchema } from './money';
import type { FieldDescriptor, FieldType, LocalizedText, ResourceDescriptor } from './resource';
import { MESSAGES } from './validation';

/**
 * Field builders: a field is declared once and gives its create member, its entity member and its
 * descriptor entry (see `declareResource` in `common/declare.ts`).
 *
 *     code: f.code().listed().sortable(),
 *     unit: f.enum(UNITS).listed().filterable(),
 *     price: f.money().optional(),
 *     currencyId: f.reference(currencyResource).optional(),
 *
 * A field is required (never null) unless `.optional()` (the create may omit it or send null; the entity
 * answers null) or `.defaulted()` (the create may omit it; the server stores its default, so the entity is
 * never null). Builders are immutable: every setting returns a new field.
 */
export type Presence = 'required' | 'optional' | 'defaulted';

/** What a field contributes: members of the create and entity schemas, and its descriptor entry. */
interface FieldState {
  type: FieldType;
  /** The create member when required; `null`: the field is not sent (server-managed). */
  input: z.ZodType | null;
  /** The create member when optional, if it differs (an optional text may be empty). */
  optionalInput?: z.ZodType;
  /** The entity member when never null; `null`: in `entityBase` already or not answered. */
  output: z.ZodType | null;
  presence: Presence;
  /** In the schemas only: no descriptor entry (see `schemaOnly`). */
  schemaOnly?: boolean;
  /** What list rows answer of the value, when less than the record (see `inList`). */
  listOutput?: z.ZodType;
  /** Descriptor settings; `name` and `label` are filled by the declaration. */
  descriptor: Partial<FieldDescriptor>;
}

export class Field<Input extends z.ZodType | null, Output extends z.ZodType | null> {
  /** Type-level only: the create and entity members this field gives. */
  declare readonly _types: { input: Input; output: Output };

  constructor(readonly state: FieldState) {}

  /** A copy with other state (the chainable settings below use it). */
  with<I extends z.ZodType | null = Input, O extends z.ZodType | null = Output>(
    change: Partial<FieldState>,
    descriptor: Partial<FieldDescriptor> = {},
  ): Field<I, O> {
    return new Field({
      ...this.state,
      ...change,
      descriptor: { ...this.state.descriptor, ...descriptor },
    });
  }

  /** May be omitted or null on create; the entity answers null when unset. */
  optional(): Field<
    Input extends z.ZodType ? z.ZodOptional<z.ZodNullable<Input>> : null,
    Output extends z.ZodType ? z.ZodNullable<Output> : null
  > {
    return this.with({ presence: 'optional' });
  }

  /** May be omitted on create: the table's default is stored, so the entity is never null. */
  defaulted(): Field<Input extends z.ZodType ? z.ZodOptional<Input> : null, Output> {
    return this.with({ presence: 'defaulted' });
  }

  /** Shown as a list column by default. */
  listed(on = true) {
    return this.with({}, { listed: on });
  }
  /** Matched by the list's free-text search (the table's search text must name its column). */
  searchable(on = true) {
    return this.with({}, { searchable: on });
  }
  /** Offered as a list filter, by its name in the query. */
  filterable(on = true) {
    return this.with({}, { filterable: on });
  }
  /** The list sorts by it (the table needs its sort index, see `listIndexes`). */
  sortable(on = true) {
    return this.with({}, { sortable: on });
  }
  /** Translation key of the label (its one source); by default `<declaration's keys>.<name>`. */
  label(key: string) {
    return this.with({}, { label: key });
  }
  /** Filter width (spec §9). */
  width(filterWidth: NonNullable<FieldDescriptor['filterWidth']>) {
    return this.with({}, { filterWidth });
  }
  /** Any other descriptor setting (`readOnly`, `optionLabels`, ...). */
  set(descriptor: Partial<FieldDescriptor>) {
    return this.with({}, descriptor);
  }
  /** Shown in lists by another field (`FieldDescriptor.shownBy`): no column of its own. */
  shownBy(field: string) {
    return this.with({}, { shownBy: field });
  }
  /** Digits only in lists and forms' read views, never grouped (a year: 2026, not "2 026"). */
  ungrouped() {
    return this.set({ ungrouped: true });
  }

  /** Not in the generated form (a custom screen edits it). */
  hiddenInForm() {
    return this.with({}, { hiddenInForm: true });
  }
  /**
   * Answered with the record only, never in list rows: a large value no list shows (an order's cargo, the
   * custom field values). A page of orders then carries what its columns need, not every order whole.
   */
  recordOnly() {
    return this.with({}, { recordOnly: true });
  }
  /**
   * What a list row carries of the value, `of(value)` answered as `schema`: the part a list cell shows (an
   * order's route: its two ends, not every point with its contacts and dates).
   */
  inList(schema: z.ZodType, of: (value: unknown) => unknown) {
    return this.with({ listOutput: schema }, { listValue: of });
  }
  /** Set by the server (a status, a computed figure): answered, never sent; shown read-only. */
  readOnly(): Field<null, Output> {
    return this.with({ input: null }, { readOnly: true });
  }
  /**
   * Another create member with the same entity member, for a check of the context the builder lacks (a
   * normalised plate, a list without duplicates); `.optional()` still makes it nullable.
   */
  input<I extends z.ZodType>(schema: I): Field<I, Output> {
    return this.with({ input: schema, optionalInput: undefined });
  }
  /** A member of the create and entity schemas with no descriptor entry (no column, filter or input). */
  schemaOnly() {
    return this.with({ schemaOnly: true });
  }
  /**
   * A list filter on a value the server computes (the registration's `filters`): a descriptor entry only,
   * never a member of the create or entity schemas, never in the form.
   */
  filterOnly(): Field<null, null> {
    return this.with({ input: null, output: null }, { filterable: true, readOnly: true, hiddenInForm: true });
  }
  /** Sent, never answered (a password): a create member only. */
  writeOnly(): Field<Input, null> {
    return this.with({ output: null });
  }
  /** Another entity member with the same create member (a stored document whose defaults the answer fills). */
  output<O extends z.ZodType>(schema: O): Field<Input, O> {
    return this.with({ output: schema });
  }
  /** Required again, for a builder that is optional by default (`f.nameEn().required()`). */
  required(): Field<
    Input extends z.ZodOptional<z.ZodNullable<infer I extends z.ZodType>> ? I : Input,
    Output extends z.ZodNullable<infer O extends z.ZodType> ? O : Output
  > {
    return this.with({ presence: 'required' });
  }
  /** Where an enum's option texts live (`<key>.<value>`) when its label key is a text, not their group. */
  optionsKey(key: string) {
    return this.with({}, { optionsKey: key });
  }

  /** The create member, with its presence. */
  inputSchema(): z.ZodType | null {
    const { input, optionalInput, presence } = this.state;
    if (!input) return null;
    if (presence === 'optional') return (optionalInput ?? input).nullable().optional();
    if (presence === 'defaulted') return input.optional();
    return input;
  }

  /** The entity member, with the server's nullability. */
  outputSchema(): z.ZodType | null {
    const { output, presence } = this.state;
    if (!output) return null;
    return presence === 'optional' ? output.nullable() : output;
  }

  /** The member of a list row: none for a record-only field, the list's own schema for one `inList`. */
  listOutputSchema(): z.ZodType | null {
    const { listOutput, presence, descriptor } = this.state;
    if (descriptor.recordOnly) return null;
    if (!listOutput) return this.outputSchema();
    return presence === 'optional' ? listOutput.nullable() : listOutput;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any field fits a declaration.
export type AnyField = Field<any, any>;

const field = <I extends z.ZodType | null, O extends z.ZodType | null>(
  type: FieldType,
  input: I,
  output: O,
  descriptor: Partial<FieldDescriptor> = {},
) => new Field<I, O>({ type, input, output, presence: 'required', descriptor });

/** Text bounds; an optional text may be empty. */
interface TextOptions {
  /** Longest accepted text (255 by default, 4000 for a textarea). */
  max?: number;
}

const textOf = (type: 'text' | 'textarea', max: number) =>
  field(type, z.string().trim().min(1).max(max), z.string()).with({
    optionalInput: z.string().trim().max(max),
  });
const text = ({ max = 255 }: TextOptions = {}) => textOf('text', max);
const textarea = ({ max = 4000 }: TextOptions = {}) => textOf('textarea', max);

interface NumberOptions {
  min?: number;
  max?: number;
}
const bounded = (schema: z.ZodNumber, { min, max }: NumberOptions) => {
  let out = schema;
  if (min !== undefined) out = out.min(min);
  if (max !== undefined) out = out.max(max);
  return out;
};

/** Whether a money amount may be below zero (a price may not; a balance may). */
interface MoneyOptions {
  negative?: boolean;
}

/** A money amount: decimal text ("1250.50", `moneySchema`'s amount), never a float; pair it with a currency. */
const money = ({ negative = false }: MoneyOptions = {}) =>
  field(
    'money',
    negative
      ? moneySchema.shape.amount
      : moneySchema.shape.amount.refine((v) => !v.startsWith('-'), MESSAGES.tooSmall),
    z.string(),
  );

/** An id of a record of another resource; the select reads that resource's list and label field. */
const reference = (target: Pick<ResourceDescriptor, 'path' | 'labelField'>, labelField?: string) =>
  field('reference', z.number().int().positive(), z.number().int(), {
    reference: { path: target.path, labelField: labelField ?? target.labelField },
  });

/** How many ids a `references` field accepts; `padded`: the labels are numbers shown padded to 6 digits. */
interface ReferencesOptions {
  max?: number;
  padded?: boolean;
}

/** Ids of records of another resource (an integer array column). */
const references = (
  target: Pick<ResourceDescriptor, 'path' | 'labelField'>,
  labelField?: string,
  { max, padded }: ReferencesOptions = {},
) => {
  const ids = z.array(z.number().int().positive());
  return field('references', max === undefined ? ids : ids.max(max), z.array(z.number().int()), {
    reference: {
      path: target.path,
      labelField: labelField ?? target.labelField,
      ...(padded ? { padded } : {}),
    },
  });
};

/** The reference of a sub-resource's record to its parent: a list filter, set by the parent's screen. */
const parent = (target: Pick<ResourceDescriptor, 'path' | 'labelField'>, labelField?: string) =>
  reference(target, labelField).filterable().hiddenInForm();

/** One of `values`; option texts are `<label>.<value>` keys unless `labels` gives their wording. */
function enumField<const T extends readonly [string, ...string[]]>(
  values: T,
  labels?: Readonly<Record<T[number], LocalizedText>>,
): Field<z.ZodEnum<{ [K in T[number]]: K }>, z.ZodEnum<{ [K in T[number]]: K }>>;
/** One of the keys of `labels`, each with its wording in both languages (values declared once). */
function enumField<const L extends Readonly<Record<string, LocalizedText>>>(
  labels: L,
): Field<z.ZodEnum<{ [K in keyof L & string]: K }>, z.ZodEnum<{ [K in keyof L & string]: K }>>;
function enumField(
  valuesOrLabels: readonly [string, ...string[]] | Readonly<Record<string, LocalizedText>>,
  labels?: Readonly<Record<string, LocalizedText>>,
) {
  const byValues = Array.isArray(valuesOrLabels);
  const values = (byValues ? valuesOrLabels : Object.keys(valuesOrLabels)) as [string, ...string[]];
  const optionLabels = byValues ? labels : (valuesOrLabels as Readonly<Record<string, LocalizedText>>);
  return field('enum', z.enum(values), z.enum(values), {
    options: values,
    ...(optionLabels ? { optionLabels } : {}),
  });
}

const common = (base: FieldDescriptor): Partial<FieldDescriptor> => {
  const { name: _name, type: _type, ...rest } = base;
  return rest;
};

export const f = {
  text,
  textarea,
  /** A machine code: Latin letters, digits, dash and underscore (the dictionaries' `code`). */
  code: () => field('text', dictionaryCode, z.string(), common(codeField)),
  /** The Russian name of a dictionary entry: listed, searchable, sortable. */
  name: () => text().set(common(nameField)),
  /** The English name: optional, listed, searchable, sortable. */
  nameEn: () => text().set(common(nameEnField)).optional(),
  integer: (options: NumberOptions = {}) =>
    field('integer', bounded(z.number().int(), options), z.number().int()),
  number: (options: NumberOptions = {}) => field('number', bounded(z.number(), options), z.number()),
  money,
  date: () => field('date', z.iso.date(), z.string()),
  boolean: () => field('boolean', z.boolean(), z.boolean()),
  enum: enumField,
  reference,
  references,
  parent,
  /**
   * A field of any type with its own create and entity members: a nested document or a list (`json`,
   * `tags`), a text checked by the context's own schema (`email`).
   */
  of: <I extends z.ZodType, O extends z.ZodType>(type: FieldType, input: I, output: O) =>
    field(type, input, output),
  /** The enabled flag: answered, changed only by the enable/disable toggles. */
  enabled: () => field('boolean', null, z.boolean(), common(enabledField)),
  /** A moment the server records (an ISO timestamp): answered, never sent. */
  datetime: () => field('datetime', null, z.string()),
  /** Shows the record's creation time (a member of every entity). */
  createdAt: () => field('datetime', null, null, common(createdAtField)),
  /** Shows the record's last change (a member of every entity). */
  updatedAt: () => field('datetime', null, null, common(updatedAtField)),
};
