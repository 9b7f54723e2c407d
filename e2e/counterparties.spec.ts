import { expect } from '@playwright/test';
import {
  type Api,
  apiOf,
  choose,
  expectSnackbar,
  hold,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

/**
 * Counterparties (issue 5): the page's create with a checksum error under INN, edit, a contact, the
 * similar search and the merge of two counterparties. Records the walk needs are created through the API
 * with names unique to the run, so the tests never depend on each other or on what others changed.
 */

/** A random legal entity's INN (10 digits) with its check digit, and the same number with a wrong one. */
function innPair(): { valid: string; wrong: string } {
  const digits = Array.from({ length: 9 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const check = (digits.reduce((sum, d, i) => sum + d * (weights[i] as number), 0) % 11) % 10;
  const body = digits.join('');
  return { valid: `${body}${check}`, wrong: `${body}${(check + 1) % 10}` };
}

async function russiaId(api: Api): Promise<number> {
  const list = await api('GET', `/settings/countries?search=${encodeURIComponent('Российская Федерация')}`);
  return (list.collection as { id: number }[])[0]!.id;
}

test('create with an INN error under its field, edit, and a contact added', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/counterparties');
  await expect(page.getByTestId('resource-list')).toBeVisible();
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/counterparties\/new$/);

  const name = `ООО Ромашка ${unique()}`;
  const inn = innPair();
  await page.locator('#field-name').fill(name);
  await choose(page, 'field-countryId', 'Российская Федерация');
  await page.locator('#field-inn').fill(inn.wrong);
  await page.getByTestId('resource-save').click();
  // The checksum is the server's rule for Russian companies: its message comes back under the field.
  await expect(page.locator('#field-inn-error')).toContainText('ИНН', SAVE_TIMEOUT);
  await expect(page).toHaveURL(/\/counterparties\/new$/);

  await page.locator('#field-inn').fill(inn.valid);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/counterparties\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Edit: a phone and the black list with its reason (the reason appears when the mark is set).
  await page.locator('#field-phone').fill('+7 495 123-45-67');
  await expect(page.locator('#field-blackListReason')).toHaveCount(0);
  await page.locator('#field-blackList').check({ force: true });
  await page.getByTestId('resource-save').click();
  await expect(page.locator('#field-blackListReason-error')).toBeVisible(SAVE_TIMEOUT);
  await page.locator('#field-blackListReason').fill('Не оплатил перевозку');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await page.reload();
  await expect(page.locator('#field-phone')).toHaveValue('+7 495 123-45-67');
  await expect(page.getByTestId('black-list-badge')).toBeVisible();

  // A contact, added in the dialog of the Contacts tab.
  await page.getByTestId('tab-contacts').click();
  await expect(page).toHaveURL(/tab=contacts/);
  await page.getByTestId('add-counterparty_contact').click();
  await page.locator('#field-name').fill('Иван Петров');
  await page.locator('#field-position').fill('Логист');
  await page.locator('#field-email').fill('not-an-email');
  await page.getByTestId('sub-save').click();
  await expect(page.locator('#field-email-error')).toBeVisible();
  await page.locator('#field-email').fill('ivan.petrov@example.com');
  await page.getByTestId('sub-save').click();
  await expectSnackbar(page, 'Сохранено');
  const row = page.getByTestId('sub-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Иван Петров');
  await expect(row).toContainText('ivan.petrov@example.com');

  // The change log shows the edit.
  await page.getByTestId('history-tab').click();
  await expect(page.getByTestId('history-entry').first()).toContainText('+7 495 123-45-67');
});

test('the similar search finds a demo counterparty by a name alike, and one by its INN', async ({ page }) => {
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  // The demo data's first counterparty; a run without demo data makes its own.
  const listed = await api('GET', '/counterparties?itemsPerPage=1&sort=id&order=asc');
  const demo =
    (listed.collection as { id: number; name: string }[])[0] ??
    ((await api('POST', '/counterparties', {
      name: `Транспортная компания Магистраль ${unique()}`,
      client: true,
      countryId: await russiaId(api),
    })) as { id: number; name: string });
  const inn = innPair();
  const name = `Экспедитор Восток ${unique()}`;
  const created = await api('POST', '/counterparties', {
    name,
    client: true,
    countryId: await russiaId(api),
    inn: inn.valid,
  });

  await page.goto('/counterparties');
  await page.getByTestId('open-similar').click();
  await expect(page).toHaveURL(/\/counterparties\/similar$/);
  // Nothing to search by: said so, nothing asked.
  await page.getByTestId('similar-search').click();
  await expect(page.getByTestId('form-root-error')).toBeVisible();

  // A name typed a little differently still finds it.
  await page.locator('#similar-name').fill(demo.name.slice(0, -2));
  await page.getByTestId('similar-search').click();
  const demoRow = page.locator(`[data-testid="similar-row"][data-id="${demo.id}"]`);
  await expect(demoRow).toBeVisible();
  await expect(demoRow).toContainText('название');

  await page.locator('#similar-name').fill('');
  await page.locator('#similar-inn').fill(inn.valid);
  await page.getByTestId('similar-search').click();
  await expect(page).toHaveURL(new RegExp(`inn=${inn.valid}`));
  const found = page.locator(`[data-testid="similar-row"][data-id="${created.id}"]`);
  await expect(found).toContainText('ИНН');
  await found.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/counterparties/${created.id}$`));
});

test('merge: the chosen values survive, the contact moves, the merged one is marked', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const countryId = await russiaId(api);
  const tag = unique();
  const source = await api('POST', '/counterparties', {
    name: `Дубль ${tag}`,
    client: true,
    countryId,
    phone: '+7 900 000-00-01',
  });
  const survivor = await api('POST', '/counterparties', {
    name: `Основной ${tag}`,
    client: true,
    countryId,
    phone: '+7 900 000-00-02',
  });
  await api('POST', '/counterparty-contacts', { counterpartyId: source.id, name: 'Контакт дубля' });

  await page.goto(`/counterparties/${source.id}`);
  await page.getByTestId('open-merge').click();
  await expect(page).toHaveURL(new RegExp(`/counterparties/${source.id}/merge$`));
  await choose(page, 'merge-survivor', `Основной ${tag}`);
  const phoneRow = page.locator('[data-testid="merge-row"][data-field="phone"]');
  await expect(phoneRow).toBeVisible();
  // The survivor keeps its own values unless told otherwise; here the merged one's phone wins.
  await expect(page.getByTestId('merge-survivor-phone')).toBeChecked();
  await page.getByTestId('merge-source-phone').check();
  await hold(page, 'merge-confirm');
  await expectSnackbar(page, 'Объединено');
  await expect(page).toHaveURL(new RegExp(`/counterparties/${survivor.id}$`));
  await expect(page.locator('#field-phone')).toHaveValue('+7 900 000-00-01');
  await page.getByTestId('tab-contacts').click();
  await expect(page.getByTestId('sub-row')).toContainText('Контакт дубля');

  await page.goto(`/counterparties/${source.id}`);
  await expect(page.getByTestId('merged-badge')).toBeVisible();
  await page.getByTestId('history-tab').click();
  await expect(page.getByTestId('history-entry').first()).toBeVisible();
});

test('an INN another counterparty has is pointed out and asked about; the merge never offers the record itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const inn = innPair();
  const tag = unique();
  const head = await api('POST', '/counterparties', {
    name: `Головной ${tag}`,
    client: true,
    countryId: await russiaId(api),
    inn: inn.valid,
    kpp: '773601001',
  });

  await page.goto('/counterparties/new');
  await page.locator('#field-name').fill(`Филиал ${tag}`);
  await choose(page, 'field-countryId', 'Российская Федерация');
  await page.locator('#field-inn').fill(inn.valid);
  // Pointed out while typing, with the way to the record that has it.
  const warning = page.getByTestId('duplicate-inn');
  await expect(warning.getByRole('link', { name: `Головной ${tag}` })).toHaveAttribute(
    'href',
    `/counterparties/${head.id}`,
  );

  // The save asks first; going back saves nothing.
  await page.getByTestId('resource-save').click();
  const dialog = page.getByRole('dialog', { name: 'Контрагент с таким ИНН уже есть' });
  await expect(dialog.getByTestId('duplicate-inn-record')).toContainText('КПП 773601001');
  await dialog.getByRole('button', { name: 'Вернуться к форме' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/counterparties\/new$/);

  // A branch with its own KPP, saved deliberately; once saved, its INN is no news.
  await page.locator('#field-kpp').fill('773602001');
  await page.getByTestId('resource-save').click();
  await dialog.getByTestId('duplicate-inn-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/counterparties\/\d+$/);
  const branchId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: `Филиал ${tag}` })).toBeInViewport();
  await expect(warning).toHaveCount(0);

  // The merge offers the other record, never the one being merged.
  await page.goto(`/counterparties/${branchId}/merge`);
  await page.locator('#merge-survivor').click();
  await page.locator('#merge-survivor').fill(tag);
  await expect(page.getByRole('option', { name: `Головной ${tag}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `Филиал ${tag}` })).toHaveCount(0);
});

test('a refused save shows two messages of one field a line each, the field in view and focused', async ({
  page,
}) => {
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const inn = innPair();
  const germany = await api('GET', `/settings/countries?search=${encodeURIComponent('Германия')}`);
  // Abroad the number is no Russian INN, so nothing checks its digits there.
  await api('POST', '/counterparties', {
    name: `Иностранный ${unique()}`,
    client: true,
    countryId: (germany.collection as { id: number }[])[0]!.id,
    inn: inn.wrong,
  });

  await page.goto('/counterparties/new');
  await page.locator('#field-name').fill(`Российский ${unique()}`);
  await choose(page, 'field-countryId', 'Российская Федерация');
  await page.locator('#field-inn').fill(inn.wrong);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByTestId('resource-save').click();
  await page.getByTestId('duplicate-inn-save').click();
  // A wrong checksum and a duplicate: two messages, two lines.
  const error = page.locator('#field-inn-error');
  await expect(error).toContainText('ИНН и КПП', SAVE_TIMEOUT);
  expect((await error.innerText()).split('\n')).toHaveLength(2);
  await expect(page.locator('#field-inn')).toBeFocused();
  await expect(page.locator('#field-inn')).toBeInViewport();
});

test('API access: the key is shown once and revoked, the allowed addresses are checked', async ({ page }) => {
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const created = await api('POST', '/counterparties', {
    name: `Кабинет ${unique()}`,
    client: true,
    countryId: await russiaId(api),
  });
  await page.goto(`/counterparties/${created.id}?tab=apiAccess`);
  await expect(page.getByTestId('api-key-state')).toHaveText('Не выдан');
  await page.getByTestId('generate-api-key').click();
  await expect(page.getByTestId('api-key-value')).not.toBeEmpty();
  await page.getByTestId('api-key-done').click();
  await expect(page.getByTestId('api-key-value')).toHaveCount(0);
  await expect(page.getByTestId('api-key-state')).toHaveText('Выдан');
  await hold(page, 'revoke-api-key');
  await expectSnackbar(page, 'Сохранено');
  await expect(page.getByTestId('api-key-state')).toHaveText('Не выдан');

  const ips = page.locator('#field-apiAllowedIps');
  await ips.fill('999.1.1.1');
  await ips.press('Enter');
  await page.getByTestId('save-allowed-ips').click();
  await expect(page.locator('#field-apiAllowedIps-error')).toBeVisible(SAVE_TIMEOUT);
  // Backspace in the empty input takes the last address back out.
  await ips.press('Backspace');
  await ips.fill('10.20.0.0/16');
  await ips.press('Enter');
  await page.getByTestId('save-allowed-ips').click();
  await expectSnackbar(page, 'Сохранено');
  await page.reload();
  await expect(page.getByTestId('api-access')).toContainText('10.20.0.0/16');
});

test('the counterparty screens have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const created = await api('POST', '/counterparties', {
    name: `Доступность ${unique()}`,
    client: true,
    contractor: true,
    countryId: await russiaId(api),
    creditLimit: '1000.00',
  });
  await api('POST', '/counterparty-contacts', { counterpartyId: created.id, name: 'Контакт' });
  const check = async () => expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/counterparties');
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  await check();
  await page.goto(`/counterparties/${created.id}`);
  await expect(page.getByTestId('credit-block')).toBeVisible();
  await check();
  // The tabs and the contact's dialog are states of the same screen: only the part that changed is scanned,
  // once what it shows has loaded (no list still fetching).
  const shown = {
    contacts: page.getByTestId('sub-row').first(),
    transport: page.getByTestId('sub-counterparty_vehicle'),
    apiAccess: page.getByTestId('api-key-state'),
  };
  for (const [tab, content] of Object.entries(shown)) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
    await expect(content).toBeVisible();
    await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
  await page.getByTestId('tab-contacts').click();
  await page.getByTestId('sub-row').first().click();
  await expect(page.getByTestId('sub-form')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto(`/counterparties/similar?name=${encodeURIComponent('Доступность')}`);
  await expect(page.getByTestId('similar-row').first()).toBeVisible();
  await check();
  await page.goto(`/counterparties/${created.id}/merge`);
  await expect(page.getByTestId('merge-page')).toBeVisible();
  await check();
});
