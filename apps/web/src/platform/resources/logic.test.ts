import {
  contactInfoTypeResource,
  countryResource,
  currencyResource,
  jobResource,
  orderResource,
  serviceOfficeResource,
  stageTypeResource,
  vehicleTypeResource,
} from '@tms/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enChangelog from '../../locales/en/changelog.json';
import enOperations from '../../locales/en/operations.json';
import ruChangelog from '../../locales/ru/changelog.json';
import ruOperations from '../../locales/ru/operations.json';
import {
  accessOf,
  bodyOf,
  CHANGELOG_NS,
  changedFieldLabel,
  columnsStorageKey,
  defaultColumns,
  exportQueryOf,
  formFields,
  formValuesOf,
  generatedChoicesOf,
  groupFilters,
  isRequired,
  listChoicesOf,
  listQueryOf,
  listStateOf,
  namespacesOf,
  navEntryOf,
  pageState,
  paramsOf,
  readColumns,
  resolveText,
  splitKey,
} from './logic';

describe('texts', () => {
  it('splits a key into its namespace and the rest', () => {
    expect(splitKey('settings.currencies.title')).toEqual({ ns: 'settings', key: 'currencies.title' });
    expect(splitKey('save')).toEqual({ ns: 'resources', key: 'save' });
  });

  it('lists every namespace a descriptor uses', () => {
    expect(namespacesOf(vehicleTypeResource).sort()).toEqual(['fields', 'resources', 'settings', 'tms']);
  });

  const dict: Record<string, Record<string, Record<string, unknown>>> = {
    ru: { settings: { 'currencies.title': 'Валюты', format: { phone: 'Телефон' } } },
    en: { settings: { 'currencies.title': 'Currencies', 'only.en': 'English only' } },
  };
  const lookup = (lang: 'ru' | 'en', ns: string, key: string) => dict[lang]?.[ns]?.[key];

  it('prefers the dictionary, then the own wording, then the other language, then the fallback', () => {
    expect(resolveText('settings.currencies.title', 'ru', lookup, { ru: 'Другое', en: 'Other' })).toBe(
      'Валюты',
    );
    expect(resolveText('fields.code', 'ru', lookup, { ru: 'Код', en: 'Code' })).toBe('Код');
    expect(resolveText('settings.only.en', 'ru', lookup)).toBe('English only');
    expect(resolveText('settings.missing.item', 'en', lookup, undefined, 'Currencies')).toBe('Currencies');
    expect(resolveText('settings.missing.item', 'en', lookup)).toBe('item');
  });

  it('does not take a group of option texts for a label', () => {
    expect(resolveText('settings.format', 'ru', lookup, { ru: 'Формат', en: 'Format' })).toBe('Формат');
  });

  it('finds the menu entry of a screen for its page title', () => {
    expect(navEntryOf('/settings/currencies')?.name).toBe('nav.currencies');
    expect(navEntryOf('/tms/loading-unloading-methods')?.name).toBe('nav.loadingUnloadingMethods');
    expect(navEntryOf('/nowhere')).toBeUndefined();
  });
});

describe('changed field labels', () => {
  const changelogT = async (lng: 'ru' | 'en') => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: {
        ru: { [CHANGELOG_NS]: ruChangelog, operations: ruOperations },
        en: { [CHANGELOG_NS]: enChangelog, operations: enOperations },
      },
      defaultNS: CHANGELOG_NS,
    });
    return (key: string, options?: Record<string, unknown>) => String(i18n.t(key, options));
  };
  const fieldOf = (name: string) => orderResource.fields.find((f) => f.name === name);

  it("labels an order's and a job's files from the change log dictionary in both languages", async () => {
    const [ru, en] = [await changelogT('ru'), await changelogT('en')];
    expect(changedFieldLabel(fieldOf('files'), 'files', ru)).toBe('Файлы');
    expect(
      changedFieldLabel(
        jobResource.fields.find((f) => f.name === 'files'),
        'files',
        en,
      ),
    ).toBe('Files');
  });

  it("prefers the descriptor's label from its dictionary, and shows an unknown member by its name", async () => {
    const [ru, en] = [await changelogT('ru'), await changelogT('en')];
    expect(changedFieldLabel(fieldOf('clientId'), 'clientId', ru)).toBe('Клиент');
    expect(changedFieldLabel(fieldOf('clientId'), 'clientId', en)).toBe('Client');
    expect(changedFieldLabel(undefined, 'somethingElse', en)).toBe('somethingElse');
  });

  it('reads labels of fields outside descriptors where the caller keeps them', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'options:fields.archiveAfterDays' ? 'Archive after' : String(options?.defaultValue);
    expect(changedFieldLabel(undefined, 'archiveAfterDays', t, 'options:fields.')).toBe('Archive after');
  });
});

describe('access', () => {
  it('lets editors edit and create, and follows creatable, deletable and screens', () => {
    expect(accessOf(currencyResource, ['ROLE_SETTINGS_CURRENCIES'])).toEqual({
      edit: true,
      create: true,
      createInDialog: false,
      delete: true,
    });
    expect(accessOf(currencyResource, [])).toEqual({
      edit: false,
      create: false,
      createInDialog: false,
      delete: false,
    });
    // Countries come with the installation: neither a create screen nor the dialog.
    expect(accessOf(countryResource, ['ROLE_ADMIN'])).toEqual({
      edit: true,
      create: false,
      createInDialog: false,
      delete: false,
    });
    // The API can create contact info types, but routes.txt has no "new" screen: the list's dialog creates them.
    expect(accessOf(contactInfoTypeResource, ['ROLE_ADMIN'])).toMatchObject({
      create: false,
      createInDialog: true,
    });
    expect(accessOf(contactInfoTypeResource, []).createInDialog).toBe(false);
  });
});

describe('list state', () => {
  it('starts from the descriptor defaults', () => {
    const state = listStateOf(currencyResource, new URLSearchParams());
    expect(state).toEqual({ page: 1, itemsPerPage: 40, sort: 'code', order: 'asc', search: '', filters: {} });
    expect(paramsOf(currencyResource, state).toString()).toBe('');
  });

  it('reads and writes page, size, sort, search and filters, ignoring unknown or unsortable ones', () => {
    const params = new URLSearchParams(
      'page=3&itemsPerPage=100&sort=name&order=desc&search=dol&enabled=true&minorUnits=2&symbol=$&updatedAtFrom=2025-01-01',
    );
    const state = listStateOf(currencyResource, params);
    expect(state).toEqual({
      page: 3,
      itemsPerPage: 100,
      sort: 'name',
      order: 'desc',
      search: 'dol',
      filters: { enabled: 'true', minorUnits: '2', updatedAtFrom: '2025-01-01' },
    });
    expect(listStateOf(currencyResource, paramsOf(currencyResource, state))).toEqual(state);
    expect(listQueryOf(state)).toMatchObject({
      page: 3,
      itemsPerPage: 100,
      sort: 'name',
      search: 'dol',
      enabled: 'true',
    });
    const odd = listStateOf(currencyResource, new URLSearchParams('page=-2&itemsPerPage=7&sort=symbol'));
    expect(odd).toMatchObject({ page: 1, itemsPerPage: 40, sort: 'code', order: 'asc' });
  });

  it('goes to the next and previous page from the rows the answer named, any other page by its number', () => {
    const state = listStateOf(currencyResource, new URLSearchParams('page=4&search=eu&after=A3'));
    expect(state).toMatchObject({ page: 4, after: 'A3' });
    const answer = { nextCursor: 'N', previousCursor: 'P' };
    expect(pageState(state, 5, answer)).toMatchObject({ page: 5, after: 'N', search: 'eu' });
    expect(pageState(state, 5, answer).before).toBeUndefined();
    expect(pageState(state, 3, answer)).toMatchObject({ page: 3, before: 'P' });
    expect(pageState(state, 3, answer).after).toBeUndefined();
    for (const page of [1, 2, 9]) {
      const other = pageState(state, page, answer);
      expect(other).toEqual({ ...state, page, after: undefined });
      expect(paramsOf(currencyResource, other).has('after')).toBe(false);
    }
    // An answer without cursors (a sort that has none, or an answer still loading): by number.
    expect(pageState(state, 5, undefined)).toEqual({ ...state, page: 5, after: undefined });
    expect(listQueryOf(pageState(state, 3, answer))).toMatchObject({ page: 3, before: 'P' });
    expect(paramsOf(currencyResource, pageState(state, 5, answer)).get('after')).toBe('N');
    // The first page never carries a cursor, whatever the address says.
    expect(listStateOf(currencyResource, new URLSearchParams('after=X')).after).toBeUndefined();
    expect(exportQueryOf(state, ['code'], 'ru')).not.toHaveProperty('after');
  });

  it('exports the current filter without paging, with the columns, language and selection', () => {
    const state = listStateOf(currencyResource, new URLSearchParams('page=2&search=eu&enabled=false'));
    expect(exportQueryOf(state, ['code', 'name'], 'en', [4, 9])).toEqual({
      sort: 'code',
      order: 'asc',
      search: 'eu',
      enabled: 'false',
      lang: 'en',
      columns: 'code,name',
      id: [4, 9],
    });
  });
});

describe('columns', () => {
  it('keeps a choice per user and resource, dropping fields that no longer exist', () => {
    expect(columnsStorageKey(7, 'currency')).toBe('tms.columns.7.currency');
    expect(readColumns(currencyResource, null)).toEqual(defaultColumns(currencyResource));
    expect(readColumns(currencyResource, '["name","gone","code"]')).toEqual(['name', 'code']);
    expect(readColumns(currencyResource, '["gone"]')).toEqual(defaultColumns(currencyResource));
    expect(readColumns(currencyResource, 'not json')).toEqual(defaultColumns(currencyResource));
  });
});

describe('forms', () => {
  it('shows create fields, and read-only ones only on an existing record', () => {
    expect(formFields(currencyResource, false).map((f) => f.name)).toEqual([
      'code',
      'numericCode',
      'minorUnits',
      'name',
      'nameEn',
      'symbol',
    ]);
    expect(formFields(currencyResource, true).map((f) => f.name)).toContain('updatedAt');
  });

  it('marks required fields from the schema', () => {
    expect(isRequired(currencyResource, 'code')).toBe(true);
    expect(isRequired(currencyResource, 'minorUnits')).toBe(true);
    expect(isRequired(currencyResource, 'nameEn')).toBe(false);
    expect(isRequired(serviceOfficeResource, 'ipAddresses')).toBe(false);
  });

  it('starts empty or from the record, and sends emptied optional inputs as null', () => {
    const empty = formValuesOf(serviceOfficeResource);
    expect(empty).toEqual({ name: '', code: '', address: '', ipAddresses: [] });
    expect(bodyOf(serviceOfficeResource, { ...empty, name: 'Main', code: '  ' })).toEqual({
      name: 'Main',
      code: null,
      address: null,
      ipAddresses: [],
    });
    // A required text stays as typed so the schema reports it blank.
    expect(bodyOf(currencyResource, { code: '', name: '' })).toEqual({ code: '', name: '' });
    // An optional number whose schema takes no null is left out when empty.
    expect(
      bodyOf(stageTypeResource, { code: 'LOAD', name: 'Погрузка', pccName: '', sortOrder: null }),
    ).toEqual({
      code: 'LOAD',
      name: 'Погрузка',
      pccName: null,
    });
    expect(bodyOf(stageTypeResource, { code: 'LOAD', name: 'Погрузка', sortOrder: 5 })).toMatchObject({
      sortOrder: 5,
    });
    const record = { id: 1, version: 2, code: 'EUR', minorUnits: 2, symbol: null, enabled: true };
    expect(formValuesOf(currencyResource, record)).toMatchObject({ code: 'EUR', minorUnits: 2, symbol: '' });
  });
});

describe('listChoicesOf', () => {
  const behaviours = stageTypeResource.fields.find((field) => field.name === 'behaviours')!;
  const ru = (code: string) => behaviours.optionLabels?.[code]?.ru ?? code;

  it("offers a stage type's known behaviours by their labels, not as free text", () => {
    const choices = listChoicesOf(behaviours, ['MARK_ORDER_READY'], ru)!;
    expect(choices).toContainEqual({ value: 'MARK_ORDER_READY', label: 'Отметить заказ готовым' });
    expect(choices.map((choice) => choice.value)).toEqual(behaviours.options);
  });

  it('keeps a held value beyond the known ones, under its own text', () => {
    const choices = listChoicesOf(behaviours, ['CUSTOMS_LTL', 'FAILURE'], ru)!;
    expect(choices.at(-1)).toEqual({ value: 'CUSTOMS_LTL', label: 'CUSTOMS_LTL' });
    expect(choices.filter((choice) => choice.value === 'FAILURE')).toHaveLength(1);
  });

  it('is null for a list of free text', () => {
    expect(listChoicesOf({ options: undefined }, ['a'], ru)).toBeNull();
  });

  it("offers a customs behaviour per product, after the known ones, in the reader's language", () => {
    const products = [
      { id: 1, code: 'LTL', name: 'LTL Китай — Россия', nameEn: 'LTL China – Russia' },
      { id: 2, code: 'AIR', name: 'Авиа', nameEn: null },
    ];
    const generated = generatedChoicesOf(behaviours.optionsFrom!, products, 'en');
    expect(generated).toEqual([
      { value: 'CUSTOMS_LTL', label: 'Customs: LTL China – Russia' },
      { value: 'CUSTOMS_AIR', label: 'Customs: Авиа' },
    ]);
    const choices = listChoicesOf(behaviours, ['CUSTOMS_LTL', 'CUSTOMS_GONE'], ru, generated)!;
    expect(choices.map((choice) => choice.value)).toEqual([
      ...behaviours.options!,
      'CUSTOMS_LTL',
      'CUSTOMS_AIR',
      'CUSTOMS_GONE',
    ]);
  });
});

describe('filter groups', () => {
  const fields = ['number', 'clientId', 'dispatchDate', 'archived', 'productId'].map((name) => ({ name }));
  it('put each filter in its group in the group order, the others last without a label', () => {
    expect(
      groupFilters(fields, [
        { label: 'parties', fields: ['clientId', 'forwarderId'] },
        { label: 'empty', fields: ['sellerId'] },
        { label: 'dates', fields: ['dispatchDate', 'clientId'] },
      ]),
    ).toEqual([
      { label: 'parties', fields: [{ name: 'clientId' }] },
      { label: 'dates', fields: [{ name: 'dispatchDate' }] },
      { label: null, fields: [{ name: 'number' }, { name: 'archived' }, { name: 'productId' }] },
    ]);
  });
});
