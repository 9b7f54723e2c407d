import type { DataImportTargetInfo } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { i18nKey, labelNamespaces, partOf, targetOf } from './logic';

const targets: DataImportTargetInfo[] = [
  {
    target: 'counterparties',
    resource: null,
    label: 'dataImport.targets.counterparties',
    fields: [
      { name: 'inn', label: 'counterparties.fields.inn', type: 'text', required: false, lookups: [] },
      {
        name: 'contact.name',
        label: 'counterparties.contacts.name',
        type: 'text',
        required: false,
        lookups: [],
      },
    ],
  },
  { target: 'resource', resource: 'country', label: 'settings.countries.title', fields: [] },
  { target: 'resource', resource: 'bank', label: 'settings.banks.title', fields: [] },
];

describe('data import editor logic', () => {
  it('reads a descriptor label key as an i18next key', () => {
    expect(i18nKey('settings.countries.title')).toBe('settings:countries.title');
    expect(i18nKey('plain')).toBe('plain');
  });

  it('finds a generic target by its resource, a fixed one by its name', () => {
    expect(targetOf(targets, 'resource', 'bank')?.label).toBe('settings.banks.title');
    expect(targetOf(targets, 'counterparties', 'ignored')?.fields).toHaveLength(2);
    expect(targetOf(targets, 'resource', null)).toBeUndefined();
  });

  it('names the namespaces of every label and the part of a field', () => {
    expect(labelNamespaces(targets).sort()).toEqual(['counterparties', 'dataImport', 'settings']);
    expect(partOf({ name: 'contact.name' })).toBe('contact');
    expect(partOf({ name: 'inn' })).toBeNull();
  });
});
