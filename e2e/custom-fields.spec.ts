import { expect, type Page } from '@playwright/test';
import { screenshot, signIn, test } from './helpers';

/**
 * Custom field definitions and user-defined lists (spec §3, §4, §5): the definition screens, and every
 * widget type rendered by the real renderer in the definition screen's preview.
 */

const shot = (page: Page, name: string) => screenshot(page, name);

async function api(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const response = await page.request.fetch(`/api${url}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** Chooses an option of a Mantine select by its visible text. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

const preview = (page: Page) => page.getByTestId('definition-preview');

test.describe('custom field definitions', () => {
  test('create, validate under the field, edit and delete a definition', async ({ page }) => {
    const code = `incoterms${Date.now() % 1_000_000}`;
    await signIn(page, '/custom-fields/customer-request/new');
    await expect(page.getByRole('heading', { name: /Пользовательское поле: новый|новая|new/ })).toBeVisible();

    // A select without options is refused before sending, under the options.
    await page.getByTestId('def-code').fill(code);
    await page.getByTestId('def-description').fill(`Условия поставки ${code}`);
    await page.getByTestId('def-descriptionEn').fill('Delivery terms');
    await choose(page, 'def-type', 'Выбор из списка');
    await page.getByTestId('resource-save').click();
    await expect(page.getByTestId('def-options-section')).toContainText('Добавьте хотя бы один вариант.');

    await page.getByTestId('def-add-option').click();
    await page.getByTestId('def-option-0').getByLabel('Значение').fill('EXW');
    await page.getByTestId('def-option-0').getByLabel('Подпись', { exact: true }).fill('Франко завод');
    await page.getByTestId('def-add-option').click();
    await page.getByTestId('def-option-1').getByLabel('Значение').fill('FCA');
    await page.getByTestId('def-option-1').getByLabel('Подпись', { exact: true }).fill('Франко перевозчик');
    await page.getByTestId('def-required').click({ force: true });
    await page.getByTestId('def-inheritOnCopy').check({ force: true });
    await choose(page, 'def-default', 'Франко завод');
    await shot(page, 'definition-new');
    await page.getByTestId('resource-save').click();
    await expect(page).toHaveURL(/\/custom-fields\/customer-request\/\d+$/);
    await expect(page.getByTestId('def-code')).toBeDisabled();

    // The preview renders the saved field: its options, required mark, default.
    await expect(preview(page).getByText(`Условия поставки ${code}`)).toBeVisible();

    // A second definition with the same code is refused by the server, under the code.
    await page.goto('/custom-fields/customer-request/new');
    await page.getByTestId('def-code').fill(code);
    await page.getByTestId('def-description').fill('Дубликат');
    await page.getByTestId('resource-save').click();
    await expect(page.getByText('Это значение уже используется')).toBeVisible();

    // The list shows the saved one; open it, change it, then delete it with hold-to-confirm.
    await page.goto('/custom-fields/customer-request');
    await expect(page.getByText(`Условия поставки ${code}`)).toBeVisible();
    await shot(page, 'definitions-list');
    await page.getByText(`Условия поставки ${code}`).click();
    await page.getByTestId('def-description').fill(`Инкотермс ${code}`);
    await page.getByTestId('resource-save').click();
    await expect(page.getByRole('heading', { name: new RegExp(`Инкотермс ${code}`) })).toBeVisible();
    const remove = page.getByTestId('resource-delete');
    await remove.hover();
    await page.mouse.down();
    await expect(page).toHaveURL(/\/custom-fields\/customer-request$/, { timeout: 10_000 });
    await page.mouse.up();
    await expect(page.getByText(`Инкотермс ${code}`)).toHaveCount(0);
  });

  test('the preview renders every type with the real widget', async ({ page }) => {
    // Every type in turn: a long walk on a loaded machine.
    test.setTimeout(120_000);
    await signIn(page, '/custom-fields/customer-request/new');
    await page.getByTestId('def-code').fill('probe');
    await page.getByTestId('def-description').fill('Проба');
    const check = () => page.getByTestId('preview-check').click();
    const valid = () => expect(page.getByTestId('preview-valid')).toBeVisible();

    // text, textarea, number, date, checkbox, switch
    await page.getByTestId('preview').fill('Текст');
    await check();
    await valid();
    await choose(page, 'def-type', 'Многострочный текст');
    await page.getByTestId('preview').fill('Строка 1\nСтрока 2');
    await check();
    await valid();
    await choose(page, 'def-type', 'Число');
    await page.getByTestId('preview').fill('12,5');
    await check();
    await valid();
    await choose(page, 'def-type', /^Дата$/);
    await page.getByTestId('preview').fill('01.03.2025');
    await check();
    await valid();
    await choose(page, 'def-type', 'Флажок');
    await page.getByTestId('preview').check({ force: true });
    await check();
    await valid();
    await choose(page, 'def-type', 'Переключатель');
    await page.getByTestId('preview').check({ force: true });
    await check();
    await valid();

    // required text left empty: the check reports it under the field
    await choose(page, 'def-type', /^Текст$/);
    await page.getByTestId('def-required').click({ force: true });
    await check();
    await expect(
      preview(page).locator('.mantine-InputWrapper-error, [class*="error"]').first(),
    ).toBeVisible();
    await page.getByTestId('def-required').click({ force: true });

    // country (by code) and country-select (several, through the cached lazy select)
    await choose(page, 'def-type', /^Страна$/);
    await page.getByTestId('preview').click();
    await page.getByTestId('preview').fill('Герм');
    await page.getByRole('option', { name: /Германия/ }).click();
    await check();
    await valid();
    await choose(page, 'def-type', 'Выбор страны');
    await page.getByTestId('def-multiple').click({ force: true });
    const countryInput = page.getByTestId('preview').locator('input').first();
    await countryInput.fill('Франц');
    await page
      .getByRole('option', { name: /Франция/ })
      .first()
      .click();
    await countryInput.fill('Итал');
    await page
      .getByRole('option', { name: /Италия/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('preview')).toContainText('Франция');
    await check();
    await valid();

    // lazy select from the currencies list
    await choose(page, 'def-type', /^Ленивый выбор$/);
    await page.getByTestId('def-optionsUrl').fill('/settings/currencies');
    await page.getByTestId('preview').locator('input').first().click();
    await page.getByRole('option').first().click();
    await check();
    await valid();

    // expanded select: every option shown at once, from the source address through the cache
    await choose(page, 'def-type', 'Развёрнутый выбор');
    await page.getByTestId('def-optionsUrl').fill('/lazy-select/country/enabled?search=ан');
    await expect(page.getByTestId('preview').getByRole('radio').first()).toBeVisible();
    await page.getByTestId('preview').getByRole('radio').first().check();
    await check();
    await valid();

    // file and file collection: uploads through the temporary files call, names from the metadata
    await choose(page, 'def-type', /^Файл$/);
    await page
      .getByTestId('preview')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'cmr.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 e2e'),
      });
    await expect(page.getByTestId('preview-file')).toContainText('cmr.pdf');
    await check();
    await valid();
    await choose(page, 'def-type', /^Файлы$/);
    for (const name of ['invoice.pdf', 'packing-list.xlsx']) {
      await page
        .getByTestId('preview')
        .locator('input[type="file"]')
        .setInputFiles({
          name,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(name),
        });
      await expect(page.getByTestId('preview-file').filter({ hasText: name })).toBeVisible();
    }
    await expect(page.getByTestId('preview-file')).toHaveCount(2);
    await check();
    await valid();
  });

  test('form collection rows and the add-to-list dialog', async ({ page }) => {
    const token = await signIn(page, '/dashboard');
    const list = await api(page, token, 'POST', '/user-defined-lists', {
      name: `Склады E2E ${Date.now()}`,
      fields: [
        {
          code: 'name',
          description: 'Название склада',
          placeholderText: 'Например, Подольск',
          required: true,
        },
        { code: 'address', description: 'Адрес', required: false },
      ],
    });

    await page.goto('/custom-fields/customer-request/new');
    await page.getByTestId('def-code').fill('cargo');
    await page.getByTestId('def-description').fill('Грузовые места');
    await choose(page, 'def-type', 'Набор форм');
    await page.getByTestId('def-child-add').click();
    await page.getByTestId('def-child-0-code').fill('name');
    await page.getByTestId('def-child-0-description').fill('Наименование');
    await page.getByTestId('def-child-0-required').click({ force: true });
    await page.getByTestId('def-child-add').click();
    await page.getByTestId('def-child-1-code').fill('weight');
    await page.getByTestId('def-child-1-description').fill('Вес, кг');
    await choose(page, 'def-child-1-type', 'Число');

    // rows: the second row's required field left empty is reported under it, per row
    await page.getByTestId('preview-add-row').click();
    await page.getByTestId('preview-add-row').click();
    await page.getByTestId('preview-0-name').fill('Паллета');
    await page.getByTestId('preview-0-weight').fill('120');
    await page.getByTestId('preview-check').click();
    await expect(page.getByTestId('preview-row-1')).toContainText(/.+/);
    await expect(page.getByTestId('preview-row-0').locator('[class*="error"]')).toHaveCount(0);
    await expect(page.getByTestId('preview-row-1').locator('[class*="error"]').first()).toBeVisible();
    await shot(page, 'form-collection-preview');
    await page.getByTestId('preview-1-name').fill('Коробка');
    await page.getByTestId('preview-check').click();
    await expect(page.getByTestId('preview-valid')).toBeVisible();

    // user-defined list: the dialog shows only required fields and shows server errors per field
    await choose(page, 'def-type', 'Пользовательский список');
    await page.locator('#def-list').click();
    await page.getByRole('option', { name: String(list.name) }).click();
    await expect(page.locator('#def-list')).toHaveValue(String(list.name));
    await page.getByTestId('preview-add').click();
    const dialog = page.getByRole('dialog');
    await expect(page.getByTestId('add-to-list-name')).toBeVisible();
    await expect(page.getByTestId('add-to-list-address')).toHaveCount(0);
    await page.getByTestId('add-to-list-save').click();
    await expect(dialog.first()).toContainText(/обязательное|Required/i);

    // A refusal from the server lands under the row's field.
    await page.route(`**/api/user-defined-lists/${list.id}/content`, async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      const rowId = Object.keys(body)[0]!;
      await route.fulfill({
        status: 400,
        json: {
          code: 400,
          message: 'Validation Failed',
          errors: {
            errors: [],
            children: {
              [rowId]: {
                errors: [],
                children: {
                  fields: {
                    errors: [],
                    children: { name: { errors: ['This value is already used.'], children: {} } },
                  },
                },
              },
            },
          },
        },
      });
    });
    await page.getByTestId('add-to-list-name').fill('Подольск');
    await page.getByTestId('add-to-list-save').click();
    await expect(dialog.first()).toContainText('Это значение уже используется');
    await shot(page, 'add-to-list-error');
    await page.unroute(`**/api/user-defined-lists/${list.id}/content`);

    await page.getByTestId('add-to-list-name').fill('Подольск-2');
    await page.getByTestId('add-to-list-save').click();
    await expect(page.getByTestId('add-to-list-name')).toHaveCount(0);
    await expect(page.getByTestId('preview').locator('input').first()).toHaveValue('Подольск-2');
    const rows = (await api(
      page,
      token,
      'GET',
      `/user-defined-lists/${list.id}/content/lazy-select?term=подольск`,
    )) as unknown as {
      label: string;
    }[];
    expect(rows.map((row) => row.label)).toEqual(['Подольск-2']);
  });
});

test('user-defined lists: name and fields through the resource screens', async ({ page }) => {
  await signIn(page, '/user-defined-lists/new');
  const name = `Терминалы E2E ${Date.now()}`;
  await page.getByLabel('Название').first().fill(name);
  await page.getByTestId('list-field-add').click();
  await page.getByTestId('list-field-0').getByLabel('Код').fill('title');
  await page.getByTestId('list-field-0').getByLabel('Описание').fill('Терминал');
  await page.getByTestId('list-field-0').getByLabel('Обязательное').check();
  await shot(page, 'user-defined-list');
  await page.getByTestId('resource-save').click();
  await expect(page).toHaveURL(/\/user-defined-lists\/\d+$/);
  await page.goto('/user-defined-lists');
  await expect(page.getByText(name)).toBeVisible();
});

test('operation groups: a name and its definitions, previewed as one form', async ({ page }) => {
  await signIn(page, '/custom-fields/operation/groups/new');
  const name = `Автоперевозки E2E ${Date.now()}`;
  await page.getByTestId('group-name').fill(name);
  await page.getByTestId('group-def-add').click();
  await page.getByTestId('group-def-0-code').fill('truckNumber');
  await page.getByTestId('group-def-0-description').fill('Номер машины');
  await page.getByTestId('group-def-add').click();
  await page.getByTestId('group-def-1-code').fill('truckNumber');
  await page.getByTestId('group-def-1-description').fill('Прицеп');
  // The same code twice is refused under the second field's code.
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('group-def-1')).toContainText('Это значение уже используется');
  await page.getByTestId('group-def-1-code').fill('trailerNumber');
  await expect(page.getByTestId('group-preview-truckNumber')).toBeVisible();
  await expect(page.getByTestId('group-preview-trailerNumber')).toBeVisible();
  await shot(page, 'operation-group');
  await page.getByTestId('resource-save').click();
  await expect(page).toHaveURL(/\/custom-fields\/operation\/groups\/\d+$/);
  await page.goto('/custom-fields/operation/groups');
  await expect(page.getByText(name)).toBeVisible();
});

test('a lazy select loads the labels of saved values through its selected-entries address', async ({
  page,
}) => {
  const token = await signIn(page, '/dashboard');
  const list = (await api(page, token, 'GET', '/settings/currencies?itemsPerPage=2')) as unknown as {
    collection: { id: number }[];
  };
  const [first, second] = list.collection as [{ id: number }, { id: number }];
  const definition = await api(page, token, 'POST', '/custom-fields/customer-request', {
    code: `currencies${Date.now() % 1_000_000}`,
    description: 'Валюты расчёта',
    type: 'lazy-select',
    multiple: true,
    optionsUrl: '/settings/currencies',
    selectedUrl: '/settings/currencies/selected/{value}',
    defaultValue: [first.id, second.id],
  });
  // The address answers the chosen entries (spec §7 `GET {selectedUrl}`); its labels prove it was asked.
  const asked = new Set<string>();
  await page.route('**/api/settings/currencies/selected/**', async (route) => {
    asked.add(new URL(route.request().url()).pathname);
    await route.fulfill({
      json: [
        { id: first.id, name: 'Первая выбранная E2E' },
        { id: second.id, name: 'Вторая выбранная E2E' },
      ],
    });
  });
  await page.goto(`/custom-fields/customer-request/${definition.id}`);
  const field = page.getByTestId('def-default');
  await expect(field).toContainText('Первая выбранная E2E');
  await expect(field).toContainText('Вторая выбранная E2E');
  expect([...asked]).toEqual([`/api/settings/currencies/selected/${first.id}-${second.id}`]);
});
