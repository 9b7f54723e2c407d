import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { declareResource } from './declare';
import { f } from './fields';

const countryLike = { path: '/settings/countries', labelField: 'name' };

const parcelResource = declareResource({
  name: 'parcel',
  path: '/test/parcels',
  title: 'test.parcels.title',
  itemTitle: 'test.parcels.item',
  keys: 'test.parcels',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    size: f.enum(['small', 'large']).listed().filterable(),
    mode: f.enum({ air: { ru: 'Авиа', en: 'Air' }, sea: { ru: 'Море', en: 'Sea' } }).defaulted(),
    weightKg: f.number({ min: 0 }).optional().sortable(),
    pieces: f.integer({ min: 1 }).defaulted(),
    price: f.money().optional(),
    shippedOn: f.date().optional(),
    fragile: f.boolean().defaulted(),
    originId: f.reference(countryLike).optional().label('fields.country'),
    transitIds: f.references(countryLike, 'code'),
    notes: f.textarea({ max: 100 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_COUNTRIES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
});

describe('declareResource', () => {
  it('derives the create schema: what a client sends, with presence', () => {
    const create = parcelResource.create;
    expect(Object.keys(create.shape)).toEqual([
      'code',
      'name',
      'nameEn',
      'size',
      'mode',
      'weightKg',
      'pieces',
      'price',
      'shippedOn',
      'fragile',
      'originId',
      'transitIds',
      'notes',
    ]);
    const minimal = { code: 'p-1', name: ' Посылка ', size: 'small', transitIds: [] };
    expect(create.parse(minimal)).toEqual({ ...minimal, name: 'Посылка' });
    expect(create.safeParse({ ...minimal, weightKg: null, price: null, nameEn: null }).success).toBe(true);
    // An optional text may be empty (as the dictionaries' nameEn); a required one may not.
    expect(create.safeParse({ ...minimal, nameEn: '', notes: '' }).success).toBe(true);
    const bad = create.safeParse({
      code: 'p 1',
      name: '',
      size: 'huge',
      weightKg: -1,
      pieces: 1.5,
      price: '1.234',
      shippedOn: '2025-02-30',
      originId: 0,
      transitIds: [1, 'x'],
      notes: 'x'.repeat(101),
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual([
      'code',
      'name',
      'notes',
      'originId',
      'pieces',
      'price',
      'shippedOn',
      'size',
      'transitIds.1',
      'weightKg',
    ]);
    expect(create.safeParse({ ...minimal, price: '-5' }).success).toBe(false);
    expect(create.safeParse({ ...minimal, price: '1250.50' }).success).toBe(true);
    type Create = z.infer<typeof create>;
    expectTypeOf<Create['code']>().toEqualTypeOf<string>();
    expectTypeOf<Create['weightKg']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Create['pieces']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Create['size']>().toEqualTypeOf<'small' | 'large'>();
    expectTypeOf<Create['mode']>().toEqualTypeOf<'air' | 'sea' | undefined>();
    expect(create.safeParse({ ...minimal, mode: 'rail' }).success).toBe(false);
  });

  it('derives the entity schema: entityBase and every answer with the server nullability', () => {
    const entity = parcelResource.entity;
    expect(Object.keys(entity.shape)).toEqual([
      'id',
      'version',
      'createdAt',
      'updatedAt',
      'code',
      'name',
      'nameEn',
      'size',
      'mode',
      'weightKg',
      'pieces',
      'price',
      'shippedOn',
      'fragile',
      'originId',
      'transitIds',
      'notes',
      'enabled',
    ]);
    const row = {
      id: 1,
      version: 1,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
      code: 'p-1',
      name: 'Посылка',
      nameEn: null,
      size: 'small',
      mode: 'air',
      weightKg: null,
      pieces: 1,
      price: null,
      shippedOn: null,
      fragile: false,
      originId: null,
      transitIds: [],
      notes: null,
      enabled: true,
    };
    expect(entity.parse(row)).toEqual(row);
    // Defaulted members are always answered.
    expect(entity.safeParse({ ...row, pieces: null }).success).toBe(false);
    expect(entity.safeParse({ ...row, fragile: null }).success).toBe(false);
    type Entity = z.infer<typeof entity>;
    expectTypeOf<Entity['nameEn']>().toEqualTypeOf<string | null>();
    expectTypeOf<Entity['enabled']>().toEqualTypeOf<boolean>();
  });

  it('derives the descriptor fields, their labels and references', () => {
    const byName = Object.fromEntries(parcelResource.fields.map((field) => [field.name, field]));
    expect(parcelResource.fields.map((field) => field.name)).toEqual([
      'code',
      'name',
      'nameEn',
      'size',
      'mode',
      'weightKg',
      'pieces',
      'price',
      'shippedOn',
      'fragile',
      'originId',
      'transitIds',
      'notes',
      'enabled',
      'updatedAt',
    ]);
    expect(byName.code).toMatchObject({ type: 'text', label: 'fields.code', listed: true, searchable: true });
    expect(byName.size).toEqual({
      name: 'size',
      type: 'enum',
      label: 'test.parcels.size',
      options: ['small', 'large'],
      listed: true,
      filterable: true,
    });
    expect(byName.mode).toMatchObject({
      options: ['air', 'sea'],
      optionLabels: { air: { ru: 'Авиа', en: 'Air' }, sea: { ru: 'Море', en: 'Sea' } },
    });
    expect(byName.weightKg).toEqual({
      name: 'weightKg',
      type: 'number',
      label: 'test.parcels.weightKg',
      sortable: true,
    });
    expect(byName.price).toMatchObject({ type: 'money', label: 'test.parcels.price' });
    expect(byName.originId).toEqual({
      name: 'originId',
      type: 'reference',
      label: 'fields.country',
      reference: { path: '/settings/countries', labelField: 'name' },
    });
    expect(byName.transitIds?.reference).toEqual({ path: '/settings/countries', labelField: 'code' });
    expect(byName.enabled).toMatchObject({ type: 'boolean', readOnly: true, label: 'fields.enabled' });
    expect(byName.updatedAt).toMatchObject({ type: 'datetime', readOnly: true });
    expect(parcelResource.toggle).toBe(true);
    expect(parcelResource.path).toBe('/test/parcels');
  });

  it('declares members a builder alone cannot: own checks, computed, write-only and hidden members', () => {
    const account = declareResource({
      name: 'account',
      path: '/test/accounts',
      title: 'test.accounts.title',
      itemTitle: 'test.accounts.item',
      keys: 'test.accounts',
      fields: {
        login: f.text().input(z.string().regex(/^[a-z]+$/)),
        nameEn: f.nameEn().required(),
        kind: f.enum(['a', 'b']).label('test.kindLabel').optionsKey('test.kind'),
        lastSeenAt: f.of('datetime', z.string(), z.string()).readOnly().optional(),
        password: f.text().writeOnly().schemaOnly(),
        contactId: f.integer().readOnly().schemaOnly(),
        settings: f.of('json', z.object({ a: z.number() }), z.object({ a: z.number().default(1) })),
        total: f.integer().output(z.number()),
      },
      roles: { view: [], edit: [] },
      labelField: 'login',
      defaultSort: { field: 'login', order: 'asc' },
    });
    expect(Object.keys(account.create.shape)).toEqual([
      'login',
      'nameEn',
      'kind',
      'password',
      'settings',
      'total',
    ]);
    expect(Object.keys(account.entity.shape)).toEqual([
      'id',
      'version',
      'createdAt',
      'updatedAt',
      'login',
      'nameEn',
      'kind',
      'lastSeenAt',
      'contactId',
      'settings',
      'total',
    ]);
    expect(account.create.safeParse({ login: 'Ab', nameEn: 'A', kind: 'a' }).error?.issues).toHaveLength(4);
    expect(account.create.safeParse({ nameEn: null }).error?.issues.map((i) => i.path[0])).toContain(
      'nameEn',
    );
    expect(account.entity.shape.total.safeParse(1.5).success).toBe(true);
    expect(account.fields.map((field) => field.name)).toEqual([
      'login',
      'nameEn',
      'kind',
      'lastSeenAt',
      'settings',
      'total',
    ]);
    const byName = Object.fromEntries(account.fields.map((field) => [field.name, field]));
    expect(byName.kind).toMatchObject({ label: 'test.kindLabel', optionsKey: 'test.kind' });
    expect(byName.lastSeenAt).toMatchObject({ type: 'datetime', readOnly: true });
    // A read-only view answers its fields and takes no input.
    const view = declareResource({
      name: 'view',
      path: '/test/view',
      title: 'test.view.title',
      itemTitle: 'test.view.item',
      keys: 'test.view',
      fields: { name: f.text() },
      roles: { view: [], edit: [] },
      labelField: 'name',
      defaultSort: { field: 'name', order: 'asc' },
      readOnly: true,
    });
    expect(Object.keys(view.create.shape)).toEqual([]);
    expect(Object.keys(view.entity.shape)).toContain('name');
  });

  it('refuses a field without a label key and a label field that is not a field', () => {
    const base = {
      name: 'x',
      path: '/x',
      title: 'x.title',
      itemTitle: 'x.item',
      roles: { view: [], edit: [] },
      defaultSort: { field: 'id', order: 'asc' },
    } as const;
    expect(() => declareResource({ ...base, fields: { size: f.integer() }, labelField: 'size' })).toThrow(
      'x.size: a label key',
    );
    expect(() =>
      declareResource({ ...base, keys: 'x', fields: { size: f.integer() }, labelField: 'nope' as 'size' }),
    ).toThrow('label field nope');
  });
});
