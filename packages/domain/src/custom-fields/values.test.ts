import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/validation';
import {
  type CustomFieldDefinition,
  type CustomFieldType,
  completeDefinition,
  customFieldDefinitionListSchema,
  DEFINITION_MESSAGES,
  definitionIssues,
} from './definitions';
import {
  archiveBlockingFields,
  CUSTOM_FIELD_MESSAGES,
  customFieldFiles,
  emptyWarningFields,
  indexedCustomFieldValue,
  inheritedCustomFieldValues,
  validateCustomFieldValues,
} from './values';

const def = (type: CustomFieldType, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition =>
  completeDefinition({ code: 'f', description: 'F', type, ...extra });

/** Issues of one field's value, as `path → message`. */
function issuesOf(definition: CustomFieldDefinition, value: unknown, existing?: Record<string, unknown>) {
  const result = validateCustomFieldValues([definition], { [definition.code]: value }, { existing });
  return Object.fromEntries(result.issues.map((issue) => [issue.path.join('.'), issue.message]));
}
const normalizedOf = (definition: CustomFieldDefinition, value: unknown) =>
  validateCustomFieldValues([definition], { [definition.code]: value }).values[definition.code];

const children = [
  completeDefinition({ code: 'name', description: 'Name', type: 'text', required: true }),
  completeDefinition({ code: 'qty', description: 'Qty', type: 'number' }),
];

describe('custom field values by type', () => {
  const cases: [CustomFieldType, Partial<CustomFieldDefinition>, unknown, unknown, unknown][] = [
    // type, definition extras, a good value, its normalized form, a bad value
    ['text', {}, 'abc', 'abc', 12],
    ['textarea', {}, 'line\nline', 'line\nline', false],
    ['number', {}, '12.5', 12.5, 'twelve'],
    ['date', {}, '2025-03-01', '2025-03-01', '2025-02-30'],
    ['checkbox', {}, true, true, 'yes'],
    ['switch', {}, false, false, 1],
    ['select', { options: [{ value: 'a', label: 'A' }] }, 'a', 'a', 'b'],
    ['lazy-select', { optionsUrl: '/settings/currencies' }, 5, 5, { id: 5 }],
    ['lazy-select-full-load', { optionsUrl: '/settings/currencies' }, 'x1', 'x1', 1.5],
    ['expanded-select', { optionsUrl: '/x' }, 'EUR', 'EUR', [1]],
    ['country', {}, 'DE', 'DE', 'Germany'],
    ['country-select', {}, 7, 7, -1],
    ['file', {}, 3, 3, 'file.pdf'],
    ['file-collection', {}, [3, 4], [3, 4], [3, 'x']],
    ['user-defined-list', { additionalOptions: { list: 1 } }, 'row-1', 'row-1', 42],
    ['form', { children }, { name: 'Box', qty: 2 }, { name: 'Box', qty: 2 }, 'Box'],
    ['form-collection', { children }, [{ name: 'Box' }], [{ name: 'Box', qty: null }], { name: 'Box' }],
  ];
  it('covers all 17 types', () => {
    expect(new Set(cases.map((c) => c[0])).size).toBe(17);
  });
  for (const [type, extra, good, normalized, badValue] of cases) {
    it(`${type}: accepts a good value and refuses a bad one under customFields.<code>`, () => {
      const definition = def(type, extra);
      expect(definitionIssues(definition)).toEqual([]);
      expect(issuesOf(definition, good)).toEqual({});
      expect(normalizedOf(definition, good)).toEqual(normalized);
      const issues = issuesOf(definition, badValue);
      expect(Object.keys(issues).length).toBeGreaterThan(0);
      for (const path of Object.keys(issues)) expect(path.startsWith('f')).toBe(true);
    });
  }

  it('gives exact messages and paths', () => {
    expect(issuesOf(def('date'), '2025-02-30')).toEqual({ f: MESSAGES.date });
    expect(issuesOf(def('select', { options: [{ value: 'a', label: 'A' }] }), 'b')).toEqual({
      f: MESSAGES.choice,
    });
    expect(issuesOf(def('file-collection'), [3, 'x', 3])).toEqual({
      'f.1': MESSAGES.type,
      'f.2': MESSAGES.duplicate,
    });
    expect(issuesOf(def('text'), 'x'.repeat(1001))).toEqual({ f: MESSAGES.tooLong });
  });

  it('checks form rows field by field', () => {
    const collection = def('form-collection', { children });
    expect(issuesOf(collection, [{ name: 'A' }, { name: '', qty: 'x' }, 5])).toEqual({
      'f.1.name': MESSAGES.blank,
      'f.1.qty': MESSAGES.type,
      'f.2': MESSAGES.type,
    });
    expect(issuesOf(def('form', { children }), { name: 'A', extra: 1 })).toEqual({
      'f.extra': MESSAGES.extraField,
    });
  });

  it('multi-select holds lists of valid items', () => {
    const select = def('select', {
      multiple: true,
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    });
    expect(normalizedOf(select, ['a', 'b'])).toEqual(['a', 'b']);
    expect(issuesOf(select, 'a')).toEqual({ f: MESSAGES.type });
    expect(issuesOf(select, ['a', 'c'])).toEqual({ 'f.1': MESSAGES.choice });
    expect(normalizedOf(select, null)).toEqual([]);
  });

  it('stores a user-defined-list row as an object when asked', () => {
    const field = def('user-defined-list', { additionalOptions: { list: 1, storeAs: 'object' } });
    expect(normalizedOf(field, { id: 'r1', fields: { name: 'A' } })).toEqual({
      id: 'r1',
      fields: { name: 'A' },
    });
    expect(issuesOf(field, 'r1')).toEqual({ f: MESSAGES.type });
  });

  it('applies the storage type to text values', () => {
    expect(issuesOf(def('text', { storageType: 'number' }), '12,5')).toEqual({ f: MESSAGES.type });
    expect(normalizedOf(def('text', { storageType: 'number' }), ' 12.5 ')).toBe('12.5');
    expect(issuesOf(def('text', { storageType: 'date' }), '01.03.2025')).toEqual({ f: MESSAGES.date });
    expect(indexedCustomFieldValue(def('text', { storageType: 'number' }), '12.5')).toEqual({
      text: null,
      number: 12.5,
      date: null,
    });
    expect(indexedCustomFieldValue(def('date', { storageType: 'date' }), '2025-03-01').date).toBe(
      '2025-03-01',
    );
    expect(indexedCustomFieldValue(def('select', { multiple: true }), ['a', 'b']).text).toBe('a, b');
  });
});

describe('custom field rules', () => {
  it('refuses unknown codes and a non-object', () => {
    expect(validateCustomFieldValues([def('text')], { other: 1 }).issues).toEqual([
      { path: ['other'], message: MESSAGES.extraField },
    ]);
    expect(validateCustomFieldValues([def('text')], [1]).issues).toEqual([
      { path: [], message: MESSAGES.type },
    ]);
  });

  it('requires required fields, and applies defaults on create only', () => {
    const field = def('text', { required: true, defaultValue: 'x' });
    expect(validateCustomFieldValues([field], {}).values).toEqual({ f: 'x' });
    expect(validateCustomFieldValues([field], { f: '  ' }).issues).toEqual([
      { path: ['f'], message: MESSAGES.blank },
    ]);
    expect(validateCustomFieldValues([field], {}, { existing: { f: 'kept' } }).values).toEqual({ f: 'kept' });
    expect(
      validateCustomFieldValues(
        [def('user-defined-list', { required: true, additionalOptions: { list: 1 } })],
        {},
      ).issues,
    ).toEqual([{ path: ['f'], message: MESSAGES.blank }]);
  });

  it('keeps disabled fields as they were and refuses new values for them', () => {
    const field = def('text', { enabled: false, required: true });
    expect(validateCustomFieldValues([field], {}).issues).toEqual([]);
    expect(validateCustomFieldValues([field], {}, { existing: { f: 'old' } }).values).toEqual({ f: 'old' });
    expect(validateCustomFieldValues([field], { f: 'new' }, { existing: { f: 'old' } }).issues).toEqual([
      { path: ['f'], message: CUSTOM_FIELD_MESSAGES.disabled },
    ]);
    expect(validateCustomFieldValues([field], { f: 'old' }, { existing: { f: 'old' } }).issues).toEqual([]);
  });

  it('refuses changing a value not editable after creation', () => {
    const field = def('number', { notEditableAfterCreation: true });
    expect(validateCustomFieldValues([field], { f: 5 }).issues).toEqual([]);
    expect(validateCustomFieldValues([field], { f: 6 }, { existing: { f: 5 } }).issues).toEqual([
      { path: ['f'], message: CUSTOM_FIELD_MESSAGES.notEditable },
    ]);
    expect(validateCustomFieldValues([field], { f: 5 }, { existing: { f: 5 } }).issues).toEqual([]);
    // An empty value may still be filled in once.
    expect(validateCustomFieldValues([field], { f: 6 }, { existing: { f: null } }).issues).toEqual([]);
    const inForm = def('form', {
      children: [
        completeDefinition({ code: 'c', description: 'C', type: 'text', notEditableAfterCreation: true }),
      ],
    });
    expect(
      validateCustomFieldValues([inForm], { f: { c: 'b' } }, { existing: { f: { c: 'a' } } }).issues,
    ).toEqual([{ path: ['f', 'c'], message: CUSTOM_FIELD_MESSAGES.notEditable }]);
  });

  it('inherits flagged values on copy and on job creation, never files', () => {
    const defs = [
      def('text', { code: 'a', inheritOnCopy: true }),
      def('text', { code: 'b', inheritOnJobCreation: true }),
      def('file', { code: 'c', inheritOnCopy: true }),
      def('form', {
        code: 'd',
        inheritOnCopy: true,
        children: [def('text', { code: 'x' }), def('file', { code: 'y' })],
      }),
    ];
    const source = { a: 'A', b: 'B', c: 9, d: { x: 'X', y: 4 } };
    expect(inheritedCustomFieldValues(defs, source, 'copy')).toEqual({ a: 'A', d: { x: 'X' } });
    expect(inheritedCustomFieldValues(defs, source, 'job')).toEqual({ b: 'B' });
  });

  it('tells which empty fields block archiving and which warn', () => {
    const defs = [
      def('text', { code: 'a', blockArchiveIfEmpty: true }),
      def('text', { code: 'b', blockArchiveIfEmpty: true, warnIfEmpty: true }),
      def('text', { code: 'c', warnIfEmpty: true, enabled: false }),
    ];
    expect(archiveBlockingFields(defs, { a: 'x', b: '' })).toEqual(['b']);
    expect(emptyWarningFields(defs, {})).toEqual(['b']);
  });

  it('finds file ids with their paths, rows included', () => {
    const defs = [
      def('file', { code: 'a' }),
      def('form-collection', { code: 'rows', children: [def('file-collection', { code: 'docs' })] }),
    ];
    expect(customFieldFiles(defs, { a: 1, rows: [{ docs: [2, 3] }, { docs: [] }] })).toEqual([
      { path: ['a'], ids: [1] },
      { path: ['rows', 0, 'docs'], ids: [2, 3] },
    ]);
  });
});

describe('definitions', () => {
  it('states what each type needs', () => {
    expect(definitionIssues(def('select'))).toEqual([
      { path: ['options'], message: DEFINITION_MESSAGES.optionsRequired },
    ]);
    expect(definitionIssues(def('lazy-select'))).toEqual([
      { path: ['optionsUrl'], message: DEFINITION_MESSAGES.urlRequired },
    ]);
    expect(definitionIssues(def('form'))).toEqual([
      { path: ['children'], message: DEFINITION_MESSAGES.childrenRequired },
    ]);
    expect(definitionIssues(def('user-defined-list'))).toEqual([
      { path: ['additionalOptions', 'list'], message: DEFINITION_MESSAGES.listRequired },
    ]);
    expect(definitionIssues(def('text', { multiple: true }))).toEqual([
      { path: ['multiple'], message: DEFINITION_MESSAGES.multipleNotAllowed },
    ]);
    expect(definitionIssues(def('number', { storageType: 'text' }))).toEqual([
      { path: ['storageType'], message: DEFINITION_MESSAGES.storageMismatch },
    ]);
    expect(definitionIssues(def('date', { defaultValue: 'tomorrow', storageType: 'date' }))).toEqual([
      { path: ['defaultValue'], message: MESSAGES.date },
    ]);
    expect(
      definitionIssues(def('form', { children: [def('form', { code: 'x', children })] })).map((i) =>
        i.path.join('.'),
      ),
    ).toEqual(['children.0.type']);
  });

  it('refuses duplicate codes in a set and fills defaults', () => {
    const result = customFieldDefinitionListSchema.safeParse([
      { code: 'a', description: 'A', type: 'text' },
      { code: 'a', description: 'B', type: 'number' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['1.code']);
    const ok = customFieldDefinitionListSchema.parse([{ code: 'a', description: 'A', type: 'text' }]);
    expect(ok[0]).toMatchObject({ required: false, enabled: true, children: [] });
  });
});
