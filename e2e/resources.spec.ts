import { expect, type Page, type Response } from '@playwright/test';
import {
  agreementTypeResource,
  bankResource,
  contactInfoTypeResource,
  counterpartyFeatureResource,
  counterpartyStatusResource,
  countryResource,
  courierDeliveryServiceResource,
  currencyResource,
  customsPointResource,
  customsResponsibilityResource,
  fileTagTypeResource,
  financeControlStatusReasonResource,
  holidayResource,
  jobTypeResource,
  loadingUnloadingMethodResource,
  materialAssetResource,
  paymentFormResource,
  printableBillTemplateResource,
  productResource,
  type ResourceDescriptor,
  requestOfferTypeResource,
  serviceOfficeResource,
  serviceResource,
  shipmentTermResource,
  stageTypeResource,
  vehicleTypeResource,
  warehouseServiceResource,
} from '@tms/domain';
import {
  type Api,
  apiOf,
  choose,
  expectSnackbar,
  FORWARDER,
  hold,
  patchSystem,
  SAVE_TIMEOUT,
  screenshot,
  seriousViolations,
  signIn,
  snackbar,
  test,
  unique,
} from './helpers';

/**
 * The generated resource screens. The walk (a record created through the web with the resource's own fields,
 * on the create screen or in the list's dialog where routes.txt has no create screen, an empty form refused
 * first; a required field left blank on the edit screen, an edit saved and seen in the History tab, the
 * delete) is the same generated screen for every resource, so it runs for one screen of each shape
 * (`walk: 'full'`: not creatable, a create screen, a dialog, no edit screen, tags, references with prepared
 * records, declared with the field builders) and a create for the field widgets no full walk has
 * (`walk: 'create'`). Every other screen is opened in one test: its list shows and its empty create form is
 * refused. A new resource screen gets its test by one line here.
 */
interface ScreenCase {
  resource: ResourceDescriptor;
  /** A new record's inputs by field name (a reference by its label); for every creatable resource. */
  sample?: Record<string, string | number | readonly string[]>;
  /** The create screen's path segment when it is not `new`. */
  newPath?: string;
  /** Records the sample refers to that no screen creates, created through the API first. */
  prepare?: (api: Api) => Promise<void>;
  /** `full`: the whole walk, edit, history and delete too (one screen of each shape); `create`: up to the create. */
  walk?: 'full' | 'create';
}

const firstId = async (api: Api, path: string) =>
  (
    (await api('GET', `${path}${path.includes('?') ? '' : '?'}itemsPerPage=1`)).collection as { id: number }[]
  )[0]!.id;

const exists = async (api: Api, path: string, search: string) =>
  ((await api('GET', `${path}?search=${encodeURIComponent(search)}`)).collection as unknown[]).length > 0;

const SCREENS: ScreenCase[] = [
  { resource: countryResource, walk: 'full' },
  {
    resource: currencyResource,
    walk: 'full',
    sample: { code: 'XTS', numericCode: '963', minorUnits: 2, name: 'Тестовая валюта', symbol: 'T$' },
  },
  {
    resource: serviceOfficeResource,
    walk: 'create',
    sample: {
      name: 'Офис E2E',
      code: 'E2E',
      address: 'Москва, Тестовая ул., 1',
      ipAddresses: ['10.1.0.0/16'],
    },
  },
  { resource: contactInfoTypeResource },
  { resource: vehicleTypeResource },
  { resource: requestOfferTypeResource },
  {
    resource: fileTagTypeResource,
    walk: 'create',
    sample: { code: 'e2e-tag', name: 'Тег E2E', color: '#336699' },
  },
  { resource: financeControlStatusReasonResource },
  { resource: agreementTypeResource },
  { resource: courierDeliveryServiceResource },
  {
    resource: holidayResource,
    walk: 'full',
    newPath: 'add',
    sample: { date: '01.05.2031', name: 'Праздник E2E' },
  },
  { resource: loadingUnloadingMethodResource },
  { resource: customsPointResource },
  { resource: customsResponsibilityResource },
  { resource: serviceResource },
  { resource: productResource },
  { resource: jobTypeResource },
  { resource: shipmentTermResource },
  {
    resource: stageTypeResource,
    walk: 'full',
    sample: { code: 'e2e-stage', name: 'Этап E2E', behaviours: ['MARK_ORDER_READY'] },
  },
  { resource: counterpartyStatusResource },
  { resource: counterpartyFeatureResource },
  { resource: materialAssetResource },
  { resource: bankResource },
  {
    resource: paymentFormResource,
    walk: 'full',
    prepare: async (api) => {
      // Legal entities have no screen of their own; the bank is the one the banks row does not delete.
      const countryId = await firstId(
        api,
        `/settings/countries?search=${encodeURIComponent('Российская Федерация')}&`,
      );
      // A retry finds them made by the first try.
      if (!(await exists(api, '/settings/legal-entities', 'Юрлицо E2E'))) {
        await api('POST', '/settings/legal-entities', {
          name: 'ООО «Юрлицо E2E»',
          shortName: 'Юрлицо E2E',
          inn: '7707083893',
          countryId,
        });
      }
      const germany = await firstId(api, `/settings/countries?search=${encodeURIComponent('Германия')}&`);
      if (!(await exists(api, '/banks', 'Банк для форм оплаты E2E'))) {
        await api('POST', '/banks', { name: 'Банк для форм оплаты E2E', countryId: germany });
      }
    },
    sample: {
      name: 'Форма оплаты E2E',
      legalEntityId: 'Юрлицо E2E',
      bankId: 'Банк для форм оплаты E2E',
      // A foreign bank: the account is an IBAN (a Russian one would need a BIK-keyed account number).
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      currencyId: 'EUR',
    },
  },
  { resource: printableBillTemplateResource },
  { resource: warehouseServiceResource },
];

const BLANK = 'Значение не должно быть пустым';

const creatable = (r: ResourceDescriptor) => r.creatable !== false;
/** routes.txt has no create screen: the list creates in a dialog. */
const createsInDialog = (r: ResourceDescriptor) => creatable(r) && r.screens?.create === false;

async function fill(page: Page, resource: ResourceDescriptor, values: NonNullable<ScreenCase['sample']>) {
  for (const [name, value] of Object.entries(values)) {
    const field = resource.fields.find((f) => f.name === name);
    const input = page.locator(`#field-${name}`);
    if (field?.type === 'tags' && field.options?.length) {
      // Known values (a stage type's behaviours) are chosen by their labels, never typed as codes.
      for (const code of value as readonly string[]) {
        await input.click();
        await page.getByRole('option', { name: field.optionLabels?.[code]?.ru ?? code, exact: true }).click();
      }
      await page.keyboard.press('Escape');
    } else if (field?.type === 'tags') {
      for (const tag of value as readonly string[]) {
        await input.fill(tag);
        await input.press('Enter');
      }
    } else if (field?.type === 'reference') {
      // The value is the label to find and choose.
      await choose(page, `field-${name}`, String(value));
    } else if (field?.type === 'enum') {
      await input.click();
      await page.getByRole('option', { name: String(value), exact: true }).click();
    } else {
      await input.fill(String(value));
    }
  }
}

for (const { resource, sample, newPath = 'new', prepare, walk } of SCREENS.filter((screen) => screen.walk)) {
  const editable = resource.screens?.edit !== false;
  const full = walk === 'full';
  const steps = [
    'list',
    sample && (createsInDialog(resource) ? 'create in the dialog' : 'create'),
    'validation',
    full && editable && 'edit, history',
    full && resource.deletable !== false && 'delete',
  ].filter(Boolean);
  test(`${resource.path}: ${steps.join(', ')}`, async ({ page }) => {
    // A whole walk through a screen; the shared CI machine can be slow.
    test.setTimeout(120_000);
    const token = await signIn(page, '/dashboard');
    const api = apiOf(page, token);
    if (prepare) await prepare(api);
    if (sample && test.info().retry > 0 && resource.deletable !== false) {
      // A retry starts clean: the record a failed try created (and perhaps renamed) goes first.
      for (const name of [String(sample.name), `Изменено E2E ${resource.name}`]) {
        const { collection } = await api('GET', `${resource.path}?search=${encodeURIComponent(name)}`);
        for (const { id } of collection as { id: number }[]) await api('DELETE', `${resource.path}/${id}`);
      }
    }
    await page.goto(resource.path);
    await expect(page.getByTestId('resource-list')).toBeVisible();
    const newButton = page.getByRole('button', { name: 'Создать' });
    const rows = page.getByTestId('resource-row');

    if (!creatable(resource)) {
      await expect(newButton).toHaveCount(0);
    } else {
      // Every creatable resource has a sample: the walk edits and deletes the record it created, not
      // loaded data that others may refer to.
      expect(sample, 'a creatable resource needs a sample').toBeDefined();
      await newButton.click();
      const dialog = page.getByRole('dialog');
      if (createsInDialog(resource)) {
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${resource.path}$`));
      } else {
        await expect(page).toHaveURL(new RegExp(`${resource.path}/${newPath}$`));
      }
      // An empty form is refused on the client, each required field saying so.
      await page.getByTestId('resource-save').click();
      await expect(page.locator('#field-name-error')).toHaveText(BLANK);
      await fill(page, resource, sample ?? {});
      await page.getByTestId('resource-save').click();
      await expectSnackbar(page, 'Сохранено');
      if (createsInDialog(resource)) {
        await expect(dialog).toHaveCount(0);
      } else if (editable) {
        await expect(page).toHaveURL(new RegExp(`${resource.path}/\\d+$`));
        await page.getByRole('link', { name: 'Отмена' }).click();
      } else {
        await expect(page).toHaveURL(new RegExp(`${resource.path}$`));
      }
      await page.getByTestId('resource-search').fill(String(sample?.name));
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(String(sample?.name));
      if (!full) {
        const search = encodeURIComponent(String(sample?.name));
        const [created] = (await api('GET', `${resource.path}?search=${search}`)).collection as {
          id: number;
        }[];
        if (resource.deletable !== false) await api('DELETE', `${resource.path}/${created!.id}`);
        return;
      }
    }
    await expect(rows.first()).toBeVisible();

    if (!editable) {
      // No edit screen: a row does not open, and records are deleted from the selection.
      await rows.first().click();
      await expect(page).toHaveURL(new RegExp(`${resource.path}(\\?.*)?$`));
      const label = await rows.first().textContent();
      await rows.first().getByRole('checkbox').check();
      await hold(page, 'bulk-delete');
      await expectSnackbar(page, 'Удалено');
      await expect(rows.filter({ hasText: label ?? '' })).toHaveCount(0);
      return;
    }

    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`${resource.path}/\\d+$`));
    const url = page.url();

    // A required field left blank: the message appears under it and nothing is sent.
    const name = page.locator('#field-name');
    await expect(name).not.toHaveValue('');
    await name.fill('');
    await page.getByTestId('resource-save').click();
    await expect(page.locator('#field-name-error')).toHaveText(BLANK);

    const edited = `Изменено E2E ${resource.name}`;
    await name.fill(edited);
    await page.getByTestId('resource-save').click();
    await expectSnackbar(page, 'Сохранено');
    await page.reload();
    await expect(page.locator('#field-name')).toHaveValue(edited);

    await page.getByTestId('history-tab').click();
    const entry = page.getByTestId('history-entry').first();
    await expect(entry).toContainText('Изменение');
    await expect(entry).toContainText(edited);
    await page.getByRole('tab', { name: 'Основное' }).click();

    if (resource.deletable !== false) {
      // "Deleted" is the only message: nothing asks for the deleted record again (a "not found" would follow).
      const notFound: string[] = [];
      const onResponse = (response: Response) => {
        if (response.status() === 404 && response.url().includes('/api/')) notFound.push(response.url());
      };
      page.on('response', onResponse);
      await hold(page, 'resource-delete');
      await expect(page).toHaveURL(new RegExp(`${resource.path}$`));
      await expectSnackbar(page, 'Удалено');
      await page.getByTestId('resource-search').fill(edited);
      await expect(page.getByText('Записей не найдено')).toBeVisible();
      page.off('response', onResponse);
      expect(notFound).toEqual([]);
      await page.goto(url);
      await expect(page.getByText('Запись не найдена или недоступна вам.')).toBeVisible();
    } else {
      await expect(page.getByTestId('resource-delete')).toHaveCount(0);
    }
  });
}

test('every other resource screen: its list shows, and its empty create form is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, '/dashboard');
  for (const { resource } of SCREENS.filter((screen) => !screen.walk)) {
    await test.step(resource.path, async () => {
      await page.goto(resource.path);
      await expect(page.getByTestId('resource-list')).toBeVisible();
      await page.getByRole('button', { name: 'Создать' }).click();
      await page.getByTestId('resource-save').click();
      await expect(page.locator('#field-name-error')).toHaveText(BLANK);
    });
  }
});

test.describe('the list screen', () => {
  test('searches, sorts, filters, chooses columns and opens a row from the keyboard', async ({ page }) => {
    await signIn(page, '/settings/currencies');
    const rows = page.getByTestId('resource-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('resource-search').fill('Japanese');
    await expect(page).toHaveURL(/search=Japanese/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Японская иена');
    await page.getByTestId('resource-search').fill('');
    await expect(page).not.toHaveURL(/search=/);

    await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
    await page.locator('#filter-minorUnits').fill('0');
    await expect(page).toHaveURL(/minorUnits=0/);
    // The seeded ISO list has 28 currencies without minor units.
    await expect(rows).toHaveCount(28);
    // Code, numeric code, then the minor units of each row: 0.
    for (const row of await rows.all()) await expect(row).toHaveText(/^[A-Z]{3}\d{3}0\D/);
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect(page).not.toHaveURL(/minorUnits/);

    await page.locator('th[data-accessor="name"]').click();
    await expect(page).toHaveURL(/sort=name&order=asc/);

    await expect(page.getByRole('columnheader', { name: 'Символ' })).toBeVisible();
    await page.getByRole('button', { name: 'Колонки' }).click();
    await page.getByRole('checkbox', { name: 'Символ' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Символ' })).toHaveCount(0);
    await page.reload();
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Символ' })).toHaveCount(0);

    await rows.first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/currencies\/\d+$/);
  });

  test('a list the user may not see says so, with the way home and no toolbar', async ({ page }) => {
    await signIn(page, '/tms/customs-points', 'ru', { user: FORWARDER });
    await expect(page.getByTestId('access-denied')).toContainText('Нет доступа');
    await expect(page.getByTestId('resource-search')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Экспорт в Excel' })).toHaveCount(0);
    // The screen says it; no snackbar repeats it.
    await expect(snackbar(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('exports the current filter as XLSX', async ({ page }) => {
    await signIn(page, '/settings/currencies?search=Japanese');
    await expect(page.getByTestId('resource-row')).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Экспорт в Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(download.url()).toContain('search=Japanese');
    expect(download.url()).toContain('lang=ru');
    expect(download.url()).toContain('signature=');
    const { readFile } = await import('node:fs/promises');
    const file = await readFile((await download.path()) as string);
    // An XLSX workbook is a ZIP archive.
    expect(file.subarray(0, 2).toString()).toBe('PK');
  });

  test('speaks English: titles and labels from the dictionaries or the descriptor', async ({ page }) => {
    // The shell speaks the user's language: the system call answers English for this user.
    await patchSystem(page, (data) => {
      (data.user as { locale: string }).locale = 'en-US';
    });
    await signIn(page, '/settings/vehicle-types', 'en');
    await expect(page.getByTestId('header-title')).toHaveText('Vehicle types');
    await expect(page.locator('th[data-accessor="capacityKg"]')).toContainText('Capacity, kg');
    await expect(page.locator('th[data-accessor="transportType"]')).toContainText('Transport type');
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.locator('#filter-transportType').click();
    await page.getByRole('option', { name: 'Sea', exact: true }).click();
    await expect(page).toHaveURL(/transportType=sea/);
    await expect(page.getByTestId('resource-row').first()).toContainText('Sea');
    for (const row of await page.getByTestId('resource-row').all()) await expect(row).toContainText('Sea');
  });

  test('warns when more than 100 items are selected, and toggles records', async ({ page }) => {
    await signIn(page, '/settings/countries?itemsPerPage=200');
    await expect(page.getByTestId('resource-row')).toHaveCount(200);
    await expect(page.getByTestId('selection-warning')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Выбрать все записи на странице' }).click();
    await expect(page.getByTestId('selection-count')).toHaveText('Выбрано 200 элементов');
    await expect(page.getByTestId('selection-warning')).toBeVisible();
    await page.getByRole('button', { name: 'Снять выбор' }).click();
    await expect(page.getByTestId('selection-warning')).toHaveCount(0);

    const first = page.getByTestId('resource-row').first();
    const toggle = first.getByTestId('row-toggle');
    await expect(toggle).toBeChecked();
    // A click, then the state: the switch moves once the page has drawn the toggle under way, which on a
    // loaded machine can come after uncheck()'s own immediate look.
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    await expect(first).toHaveAttribute('data-disabled', 'true');
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
  });
});

test.describe('references', () => {
  test('show the names of referenced records, in the list and in the form', async ({ page }) => {
    const token = await signIn(page, '/dashboard');
    const headers = { Authorization: `Bearer ${token}` };
    const found = await page.request.get('/api/settings/countries?search=Germany', { headers });
    const germany = ((await found.json()) as { data: { collection: { id: number; name: string }[] } }).data
      .collection[0]!;
    const created = await page.request.post('/api/tms/customs-points', {
      headers,
      data: { code: '10002', name: 'Пост в Германии E2E', countryId: germany.id },
    });
    expect(created.ok(), await created.text()).toBe(true);
    // The names come with the rows: the list does not ask the countries for them afterwards.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/settings/countries?')) lookups.push(request.url());
    });
    await page.goto('/tms/customs-points?search=Германии E2E');
    const row = page.getByTestId('resource-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(germany.name);
    expect(lookups).toEqual([]);
    await row.click();
    await expect(page.locator('#field-countryId')).toHaveValue(germany.name);
  });

  test('show the English name of a referenced record in English, where it has one', async ({ page }) => {
    const token = await signIn(page, '/dashboard', 'en');
    const headers = { Authorization: `Bearer ${token}` };
    const found = await page.request.get('/api/settings/countries?search=Germany', { headers });
    const germany = ((await found.json()) as { data: { collection: { id: number; nameEn: string }[] } }).data
      .collection[0]!;
    expect(germany.nameEn).toBe('Germany');
    const created = await page.request.post('/api/tms/customs-points', {
      headers,
      data: { code: '10003', name: 'Пост английский E2E', countryId: germany.id },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto('/tms/customs-points?search=английский E2E');
    const row = page.getByTestId('resource-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Germany');
    await row.click();
    await expect(page.locator('#field-countryId')).toHaveValue('Germany');
  });
});

test.describe('the form screen', () => {
  test('a duplicate from the server is shown under its field', async ({ page }) => {
    await signIn(page, '/settings/currencies/new');
    await fill(page, currencyResource, { code: 'USD', numericCode: '998', minorUnits: 2, name: 'Дубликат' });
    await page.getByTestId('resource-save').click();
    await expect(page.locator('#field-code-error')).toHaveText('Это значение уже используется');
    await expect(page).toHaveURL(/\/new$/);
  });

  test('a refused save brings its first error into view and focuses it; a new record opens at its top', async ({
    page,
  }) => {
    // One column of fields: the save button and the first field are never on screen together.
    await page.setViewportSize({ width: 800, height: 400 });
    await signIn(page, '/settings/currencies/new');
    const code = page.locator('#field-code');
    const save = page.getByTestId('resource-save');
    const scrolled = () => page.evaluate(() => window.scrollY);

    // The client's check: nothing filled; every field's message shows at once.
    await save.scrollIntoViewIfNeeded();
    await expect(code).not.toBeInViewport();
    await save.click();
    await expect(code).toBeFocused();
    await expect(code).toBeInViewport({ ratio: 1 });
    await expect(page.locator('#field-name-error')).toBeVisible();

    // The server's: a code already used.
    await fill(page, currencyResource, { code: 'USD', numericCode: '101', minorUnits: 2, name: 'Дубликат' });
    await save.scrollIntoViewIfNeeded();
    await expect(code).not.toBeInViewport();
    await save.click();
    await expect(page.locator('#field-code-error')).toHaveText('Это значение уже используется', SAVE_TIMEOUT);
    await expect(code).toBeFocused();
    await expect(code).toBeInViewport({ ratio: 1 });

    // Saved: the page is at its top, the new record's number and title in view.
    await code.fill('XTR');
    await save.scrollIntoViewIfNeeded();
    expect(await scrolled()).toBeGreaterThan(0);
    await save.click();
    await expectSnackbar(page, 'Сохранено');
    await expect(page).toHaveURL(/\/settings\/currencies\/\d+$/);
    await expect(page.getByRole('heading', { name: /XTR|Дубликат/ })).toBeInViewport();
    expect(await scrolled()).toBe(0);
  });

  test('an invalid item of a list field is reported under the field', async ({ page }) => {
    await signIn(page, '/settings/service-offices/new');
    await fill(page, serviceOfficeResource, {
      name: 'Офис с неверным IP',
      ipAddresses: ['10.0.0.1', 'not-an-ip'],
    });
    await page.getByTestId('resource-save').click();
    await expect(page.locator('#field-ipAddresses-error')).toHaveText('Неверные данные');
    await expect(page).toHaveURL(/\/new$/);
  });

  test('leaving unsaved edits asks first: stay keeps them, leave discards them', async ({ page }) => {
    await signIn(page, '/settings/currencies?search=JPY');
    await page.getByTestId('resource-row').first().click();
    await expect(page.locator('#field-code')).toHaveValue('JPY');
    const record = page.url();
    // Unchanged: the back button leaves at once.
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/currencies\?search=JPY$/);
    await page.goForward();
    await page.locator('#field-name').fill('Иена (не сохранено)');
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    await expect(page).toHaveURL(record);
    await expect(page.locator('#field-name')).toHaveValue('Иена (не сохранено)');
    await page.getByTestId('nav-tree').getByRole('link', { name: 'Рабочий стол' }).click();
    await dialog.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a stale version shows the conflict and reloads the record', async ({ page }) => {
    const token = await signIn(page, '/settings/currencies?search=JPY');
    await page.getByTestId('resource-row').first().click();
    await expect(page.locator('#field-code')).toHaveValue('JPY');
    const id = page.url().split('/').pop();
    // Someone else saves the record meanwhile.
    const current = await page.request.get(`/api/settings/currencies/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { data } = (await current.json()) as { data: { version: number } };
    const other = await page.request.patch(`/api/settings/currencies/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { version: data.version, symbol: '¥¥' },
    });
    expect(other.ok()).toBe(true);

    await page.locator('#field-name').fill('Иена (мой вариант)');
    await page.getByTestId('resource-save').click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible();
    await page.getByRole('button', { name: 'Загрузить заново' }).click();
    await expect(page.getByTestId('conflict-alert')).toHaveCount(0);
    await expect(page.locator('#field-symbol')).toHaveValue('¥¥');
    await expect(page.locator('#field-name')).not.toHaveValue('Иена (мой вариант)');
  });

  test('the create dialog: focus, Escape, a server refusal under its field, accessibility', async ({
    page,
  }) => {
    // Shipment terms have no create screen in routes.txt: the list creates them in a dialog.
    await signIn(page, '/tms/shipment-terms');
    await expect(page.getByTestId('resource-row').first()).toBeVisible();
    const newButton = page.getByRole('button', { name: 'Создать' });
    const dialog = page.getByRole('dialog');
    await newButton.click();
    await expect(dialog).toBeVisible();
    await expect(page.locator('#field-code')).toBeFocused();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(newButton).toBeFocused();

    await newButton.press('Enter');
    await expect(page.locator('#field-code')).toBeFocused();
    await fill(page, shipmentTermResource, { code: 'EXW', name: 'Дубликат', type: 'Любой вид транспорта' });
    await page.getByTestId('resource-save').click();
    await expect(page.locator('#field-code-error')).toHaveText('Это значение уже используется');
    await expect(dialog).toBeVisible();
    await screenshot(page, 'resource-create-dialog', { fullPage: false });

    // Cancel drops what was typed: the next opening starts empty.
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toHaveCount(0);
    await newButton.click();
    await expect(page.locator('#field-code')).toHaveValue('');
    await expect(page.locator('#field-code-error')).toHaveCount(0);
  });

  test('screens look calm: list and form screenshots', async ({ page }) => {
    await signIn(page, '/settings/vehicle-types');
    await expect(page.getByTestId('resource-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
    await screenshot(page, 'resource-list', { fullPage: false });
    await page.getByTestId('resource-row').first().click();
    await expect(page.locator('#field-name')).not.toHaveValue('');
    await screenshot(page, 'resource-form');
    await page.locator('#field-name').fill('Новое название');
    await page.getByTestId('resource-save').click();
    await expectSnackbar(page, 'Сохранено');
    await page.getByTestId('history-tab').click();
    await expect(page.getByTestId('history-entry').first()).toBeVisible();
    await screenshot(page, 'resource-history', { fullPage: false });
    await page.goto('/tms/products/new');
    await page.getByRole('textbox', { name: 'Услуги' }).click();
    await expect(page.getByRole('option').first().or(page.getByText('Ничего не найдено'))).toBeVisible();
    await screenshot(page, 'resource-references', { fullPage: false });
    await page.goto('/settings/service-offices/new');
    await page.getByTestId('resource-save').click();
    await expect(page.locator('#field-name-error')).toBeVisible();
    await screenshot(page, 'resource-new', { fullPage: false });
  });
});

test('the list, form and history screens have no serious or critical accessibility violations', async ({
  page,
}) => {
  // The screen's own content; the shell around it has its own check in a11y.spec.ts.
  const serious = () => seriousViolations(page, 'main');
  await signIn(page, '/settings/currencies');
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
  await page.getByTestId('resource-row').first().getByRole('checkbox').check();
  expect(await serious()).toEqual([]);
  await page.getByTestId('resource-row').nth(1).click();
  await expect(page.locator('#field-code')).not.toHaveValue('');
  expect(await serious()).toEqual([]);
  await page.getByTestId('history-tab').click();
  expect(await serious()).toEqual([]);
});

test("a stage type takes the customs behaviour of a product, chosen by the product's name", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const product = await api('POST', '/tms/products', { code: `CU${id}`, name: `Продукт таможни ${id}` });
  await page.goto('/settings/stage-types');
  await page.getByRole('button', { name: 'Создать' }).click();
  // The dialog's form is ready once it checks a save.
  await page.getByTestId('resource-save').click();
  await expect(page.locator('#field-name-error')).toHaveText(BLANK);
  await page.locator('#field-code').fill(`customs-${id}`);
  await page.locator('#field-name').fill(`Таможня ${id}`);
  await page.locator('#field-behaviours').click();
  await page.locator('#field-behaviours').fill(String(id));
  await page.getByRole('option', { name: `Таможня: ${product.name}`, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  const { collection } = await api(
    'GET',
    `/settings/stage-types?search=${encodeURIComponent(`Таможня ${id}`)}`,
  );
  expect((collection as { behaviours: string[] }[])[0]!.behaviours).toEqual([`CUSTOMS_CU${id}`]);
  await api('DELETE', `/settings/stage-types/${(collection as { id: number }[])[0]!.id}`);
});
