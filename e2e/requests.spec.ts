import { expect } from '@playwright/test';
import {
  apiOf,
  choose,
  expectSnackbar,
  FORWARDER,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

/**
 * Customer requests (issue 16, first slice): a request made on its page with route and cargo, its
 * operational status moved to NEED_MORE_INFO and back (INFO_PROVIDED), and the request found in the list.
 */
test('a request with route and cargo, asked for more information and answered, in the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/requests');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = `Клиент запроса ${id}`;
  await api('POST', '/counterparties', { name: client, client: true, countryId: country.id });
  await expect(page.getByTestId('resource-list')).toBeVisible();

  // The new request: the client, the route's two points and the cargo; no transport type first.
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/requests\/new$/);
  await choose(page, 'field-clientId', client);
  await page.locator('#route-0-address').fill('Москва, ул. Складская, 1');
  await page.locator('#route-1-address').fill('Алматы, пр. Абая, 10');
  await choose(page, 'route-1-countryId', country.name);
  await page.locator('#cargo-description').fill(`Станки ${id}`);
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('section-wanted')).toContainText(
    'Выберите хотя бы один вид транспорта.',
    SAVE_TIMEOUT,
  );
  await page.getByTestId('section-wanted').getByLabel('Авто').check();
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  const requestId = Number(page.url().split('/').pop());
  const number = String(requestId).padStart(6, '0');
  await expect(page.getByTestId('request-number')).toHaveText(number);
  await expect(page.getByTestId('section-route')).toContainText('Алматы, пр. Абая, 10');

  // The client must answer, and does: NEED_MORE_INFO, then INFO_PROVIDED.
  const status = page.getByTestId('status-operational');
  await expect(status).toHaveAttribute('data-status', 'QUOTE_NOT_COMPLETED');
  await status.click();
  await page.getByTestId('status-target-NEED_MORE_INFO').click();
  // The move asks for the question to the client, which his cabinet shows.
  await page.locator('#status-reason').fill('Какой вес груза?');
  await page.getByTestId('reason-confirm').click();
  await expect(status).toHaveAttribute('data-status', 'NEED_MORE_INFO', SAVE_TIMEOUT);
  await status.click();
  await page.getByTestId('status-target-INFO_PROVIDED').click();
  await expect(status).toHaveAttribute('data-status', 'INFO_PROVIDED', SAVE_TIMEOUT);
  await expect(status).toContainText('Информация получена');
  expect(await seriousViolations(page)).toEqual([]);

  // The history keeps both moves.
  await page.getByTestId('history-tab').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(3);

  // The list finds it by its number, with its client, route, transport and status.
  await page.goto('/requests');
  await page.getByTestId('resource-search').fill(number);
  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(client);
  await expect(rows).toContainText('Алматы');
  await expect(rows).toContainText('Авто');
  await expect(rows).toContainText('Информация получена');
});

/**
 * An order from a request (docs/requests.md "An order from a request"): from a request in INFO_PROVIDED
 * the new-order form opens filled, saved with a product it becomes an order whose header links back to the
 * request, and the request lists it.
 */
test('an order made from a request links back to it, and the request lists it', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = await api('POST', '/counterparties', {
    name: `Клиент заказа ${id}`,
    client: true,
    countryId: country.id,
  });
  const product = `Продукт ${id}`;
  await api('POST', '/tms/products', { code: `P${id}`, name: product });
  const request = await api('POST', '/requests', {
    clientId: client.id,
    route: [
      { kind: 'dispatch', address: 'Москва, ул. Складская, 1', countryId: country.id },
      { kind: 'delivery', address: 'Алматы, пр. Абая, 10', countryId: country.id },
    ],
    cargo: { description: `Станки ${id}` },
    transportTypes: ['rail'],
  });
  for (const status of ['NEED_MORE_INFO', 'INFO_PROVIDED']) {
    const current = await api('GET', `/requests/${request.id}`);
    const moved = await page.request.put(`/api/requests/${request.id}/status`, {
      data: { status, version: current.version },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const requestNumber = String(request.number).padStart(6, '0');

  await page.goto(`/requests/${request.id}`);
  await expect(page.getByTestId('request-orders')).toContainText('Заказов по запросу нет', SAVE_TIMEOUT);
  await page.getByTestId('request-create-order').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/new/from-request/${request.id}$`));
  await expect(page.locator('#route-1-address')).toHaveValue('Алматы, пр. Абая, 10');
  await expect(page.locator('#cargo-description')).toHaveValue(`Станки ${id}`);
  await choose(page, 'field-productId', product);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/tms\/orders\/\d+$/);
  const orderNumber = await page.getByTestId('order-number').textContent();

  const back = page.getByTestId('header-request');
  await expect(back).toHaveText(`Из запроса ${requestNumber}`);
  await expect(page.getByTestId('header-client')).toContainText(`Клиент заказа ${id}`);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/requests/${request.id}$`));
  await expect(page.getByTestId('request-orders').getByRole('link')).toHaveText([orderNumber!]);
});

/**
 * A new request starts right (issue 38): it is served by its creator's office (so the office's forwarders see
 * it), and the route's country is found by the name people use ("Россия", not "Российская Федерация").
 */
test("a new request takes its creator's office, and finds a country by its common name", async ({ page }) => {
  await signIn(page, '/requests/new', 'ru', { user: FORWARDER });
  await expect(page.locator('#field-serviceOfficeId')).toHaveValue('Москва (головной офис)');
  const country = page.locator('#route-0-countryId');
  await country.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await country.click();
  await country.fill('Россия');
  await expect(page.getByRole('option').first()).toHaveText('Российская Федерация');
  await page.getByRole('option').first().click();
  await expect(country).toHaveValue('Российская Федерация');
});
