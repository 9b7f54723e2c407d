import { expect } from '@playwright/test';
import { apiOf, expectSnackbar, SAVE_TIMEOUT, seriousViolations, signIn, test, unique } from './helpers';

/**
 * The order page reads first (issue 15): a summary header (client, route ends, stage progress), the
 * stages as a timeline with an overdue one marked, each block edited explicitly (Edit, Save or Cancel,
 * Escape), and an archived order with nothing to edit. The records are created through the API.
 */
test('the order page reads first and edits one block at a time', async ({ page }) => {
  test.setTimeout(150_000);
  const api = apiOf(page, await signIn(page, '/dashboard'));
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  // Outside Russia a counterparty needs no INN.
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = await api('POST', '/counterparties', {
    name: `Клиент ${id}`,
    client: true,
    countryId: country.id,
  });
  const product = await api('POST', '/tms/products', { code: `P${id}`, name: `Продукт ${id}` });
  const stageType = await api('POST', '/settings/stage-types', {
    code: `S${id}`,
    name: `Погрузка ${id}`,
    sortOrder: 1,
  });
  const order = await api('POST', '/tms/orders', {
    clientId: client.id,
    productId: product.id,
    route: [
      { kind: 'dispatch', address: 'Москва, ул. Складская, 1', dateFrom: '2026-03-02' },
      { kind: 'delivery', address: 'Алматы, пр. Абая, 10', countryId: country.id, dateFrom: '2026-03-10' },
    ],
  });
  // Expected long ago and still open: overdue.
  await api('POST', `/tms/orders/${order.id}/stages`, {
    stageTypeId: stageType.id,
    expectedDate: '2020-01-15',
  });

  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`/tms/orders/${order.id}`);
  const header = page.getByTestId('operation-header');
  await expect(header.getByTestId('header-client')).toContainText(`Клиент ${id}`, SAVE_TIMEOUT);
  await expect(header.getByTestId('header-client')).toContainText(`Продукт ${id}`);
  await expect(header.getByTestId('header-route')).toContainText('Москва');
  await expect(header.getByTestId('header-route')).toContainText('02.03.2026');
  await expect(header.getByTestId('header-route')).toContainText('Алматы');
  await expect(header.getByRole('progressbar', { name: 'Закрыто этапов: 0 из 1' })).toHaveCount(1);
  await expect(header.getByTestId('header-stages')).toContainText('0 / 1');
  await expect(header.getByTestId('status-financeControl')).toBeVisible();
  // Compact: well under half of the screen.
  const height = await header.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThan(860 / 2.5);

  // The blocks read; nothing is an input until a block is edited.
  const terms = page.getByTestId('section-terms');
  await expect(terms).toContainText('Условия оплаты: дней');
  await expect(page.locator('#field-paymentTermsDays')).toHaveCount(0);
  await expect(page.getByTestId('resource-save')).toHaveCount(0);

  // Edit → change → Save: the block reads again, with the new value.
  await page.getByTestId('edit-terms').click();
  const days = page.locator('#field-paymentTermsDays');
  // The focus goes into the block.
  await expect(terms.locator('input:focus')).toHaveCount(1);
  // One block at a time: the others offer no edit meanwhile.
  await expect(page.getByTestId('edit-cargo')).toHaveCount(0);
  await days.fill('45');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(days).toHaveCount(0);
  await expect(terms).toContainText('45');
  await expect(page.getByTestId('edit-terms')).toBeFocused();
  expect((await api('GET', `/tms/orders/${order.id}`)).paymentTermsDays).toBe(45);

  // Escape cancels: the typed value is dropped, the saved one stays.
  await page.keyboard.press('Enter');
  await expect(terms.locator('input:focus')).toHaveCount(1);
  await days.fill('90');
  await page.keyboard.press('Escape');
  await expect(days).toHaveCount(0);
  await expect(terms).toContainText('45');
  await expect(terms).not.toContainText('90');
  // And so does the Cancel button, reached by Tab.
  await page.getByTestId('edit-cargo').click();
  await page.locator('#cargo-packaging').fill('Паллеты');
  // Leaving with the block's edits unsaved asks first.
  await page.getByTestId('resource-form-screen').getByRole('link', { name: 'Заказы', exact: true }).click();
  await expect(page.getByTestId('leave-discard')).toBeVisible();
  await page.getByRole('button', { name: 'Остаться' }).click();
  await expect(page.getByTestId('leave-discard')).toHaveCount(0);
  await expect(page.locator('#cargo-packaging')).toHaveValue('Паллеты');
  await page.getByTestId('block-cancel').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('section-cargo')).not.toContainText('Паллеты');

  // The route reads as its points.
  await page.getByTestId('tab-route').click();
  await expect(page.getByTestId('route-view-point')).toHaveCount(2);
  await expect(page.getByTestId('route-view')).toContainText(country.name);

  // The stage timeline marks the overdue stage.
  await page.getByTestId('tab-jobs').click();
  const stage = page.getByTestId('stage-row').filter({ hasText: `Погрузка ${id}` });
  await expect(stage).toHaveAttribute('data-overdue', 'true', SAVE_TIMEOUT);
  await expect(stage.getByTestId('stage-overdue')).toHaveText('Просрочен');
  await expect(stage.getByLabel(`Ожидаемая дата: Погрузка ${id}`)).toHaveValue('15.01.2020');

  await page.getByTestId('tab-main').click();
  await expect(page.getByTestId('edit-main')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Archived: a clean read-only page, the badge and the way back out of the archive.
  const current = await api('GET', `/tms/orders/${order.id}`);
  await api('POST', `/tms/orders/${order.id}/archive`, { version: current.version });
  await page.reload();
  await expect(page.getByTestId('archived-badge')).toBeVisible(SAVE_TIMEOUT);
  await expect(page.getByTestId('section-terms')).toContainText('45');
  await expect(page.locator('button[data-testid^="edit-"]')).toHaveCount(0);
  await expect(page.locator('input:disabled')).toHaveCount(0);
  await expect(page.getByTestId('order-unarchive')).toBeVisible();
  // The same screen in another state: its content is scanned again, the shell was above.
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

/**
 * The planned income of an order (issue 18): edited in the client block, read in its view, and a warning
 * with the client's figures while typing, past the threshold and past the limit; never blocking (the
 * administrator may exceed limits, so the save goes through).
 */
test("the order form warns of the client's credit from its planned income", async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiOf(page, await signIn(page, '/dashboard'));
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = await api('POST', '/counterparties', {
    name: `Клиент ${id}`,
    client: true,
    countryId: country.id,
    creditLimit: '1000',
    creditLimitThreshold: '800',
  });
  const product = await api('POST', '/tms/products', { code: `P${id}`, name: `Продукт ${id}` });
  const order = await api('POST', '/tms/orders', {
    clientId: client.id,
    productId: product.id,
    plannedIncome: '500',
    route: [
      { kind: 'dispatch', address: 'Москва, ул. Складская, 1' },
      { kind: 'delivery', address: 'Алматы, пр. Абая, 10', countryId: country.id },
    ],
  });

  await page.goto(`/tms/orders/${order.id}`);
  const block = page.getByTestId('section-client');
  await expect(block).toContainText('500,00', SAVE_TIMEOUT);
  await page.getByTestId('edit-main').click();
  const planned = page.locator('#field-plannedIncome');
  const warning = page.getByTestId('credit-warning');
  await expect(warning).toHaveCount(0);
  await planned.fill('850');
  await expect(warning).toHaveAttribute('data-kind', 'threshold');
  await expect(warning).toContainText('850,00');
  await planned.fill('1500');
  await expect(warning).toHaveAttribute('data-kind', 'limit');
  await expect(warning).toContainText('Кредитный лимит клиента исчерпан');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(planned).toHaveCount(0);
  await expect(block).toContainText('1 500,00');
  expect((await api('GET', `/counterparties/${client.id}/credit`)).sources).toMatchObject({
    orders: '1500.00',
  });
});
