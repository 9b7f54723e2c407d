import { expect, type Page } from '@playwright/test';
import {
  apiOf,
  choose,
  expectSnackbar,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

/** A lot added in its dialog: its name, route (two addresses, the delivery's country) and cargo. */
async function addLot(
  page: Page,
  lot: { name: string; to: string; country: string; cargo: string; type?: string },
) {
  await page.getByTestId('lot-add').click();
  const dialog = page.getByTestId('lot-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('#lot-name').fill(lot.name);
  if (lot.type) await dialog.getByLabel(lot.type).check();
  await dialog.locator('#route-0-address').fill('Москва, ул. Складская, 1');
  await dialog.locator('#route-1-address').fill(lot.to);
  await choose(page, 'route-1-countryId', lot.country);
  await dialog.locator('#cargo-description').fill(lot.cargo);
  await page.getByTestId('lot-apply').click();
  await expect(dialog).toBeHidden();
}

/**
 * Hyper customer requests (docs/requests.md "Hyper requests"): a tender made with two lots (one refused
 * until its transport type is given), whose lots became requests; one lot's request moves on (its lot
 * stays), the other lot is taken out with a reason (its request is refused); the list shows the progress.
 */
test('a tender whose lots become requests, followed and withdrawn, in the list', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/hyper-customer-requests');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = `Тендерный клиент ${id}`;
  await api('POST', '/counterparties', { name: client, client: true, countryId: country.id });
  await expect(page.getByTestId('resource-list')).toBeVisible();

  // The tender with two lots; the second has no transport type and is refused under its row.
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/hyper-customer-requests\/new$/);
  await page.locator('#field-name').fill(`Тендер ${id}`);
  await choose(page, 'field-clientId', client);
  await addLot(page, {
    name: 'Лот 1: Алматы',
    to: 'Алматы, пр. Абая, 10',
    country: country.name,
    cargo: 'Станки',
    type: 'Авто',
  });
  await addLot(page, {
    name: 'Лот 2: Астана',
    to: 'Астана, ул. Кенесары, 5',
    country: country.name,
    cargo: 'Трубы',
  });
  await expect(page.getByTestId('lots-table').getByText('новый')).toHaveCount(2);
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('lot-errors-1')).toContainText(
    'Выберите хотя бы один вид транспорта.',
    SAVE_TIMEOUT,
  );
  await expect(page).toHaveURL(/\/new$/);
  await page.getByTestId('lot-row-1').getByRole('button', { name: 'Изменить лот' }).click();
  const dialog = page.getByTestId('lot-dialog');
  await expect(dialog).toContainText('Выберите хотя бы один вид транспорта.');
  await dialog.getByLabel('Ж/д').check();
  await page.getByTestId('lot-apply').click();
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/hyper-customer-requests\/\d+$/, SAVE_TIMEOUT);
  const hyperId = Number(page.url().split('/').pop());
  const summary = page.getByTestId('hyper-request-summary');
  await expect(summary).toContainText('Котировка не готова: 2');
  // The saved tender reads first: its values as text, an Edit per block, no form until one is pressed.
  const tender = page.getByTestId('section-tender');
  await expect(tender).toContainText(`Тендер ${id}`);
  await expect(tender).toContainText(client);
  await expect(page.locator('#field-name')).toHaveCount(0);
  await expect(page.getByTestId('lot-remove-0')).toHaveCount(0);
  await expect(page.getByTestId('edit-lots')).toBeVisible();
  await page.getByTestId('edit-tender').click();
  await expect(page.locator('#field-name')).toHaveValue(`Тендер ${id}`);
  await expect(page.getByTestId('edit-lots')).toHaveCount(0);
  await page.getByTestId('block-cancel').click();
  await expect(page.locator('#field-name')).toHaveCount(0);
  const firstRow = page.getByTestId('lot-row-0');
  await expect(firstRow).toContainText('Алматы');
  await expect(page.getByTestId('lot-row-1')).toContainText('Ж/д');
  expect(await seriousViolations(page)).toEqual([]);

  // The first lot's request, opened from its row, is asked for more: the lot stays in the tender.
  await firstRow.getByRole('link').click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  await expect(page.getByTestId('section-route')).toContainText('Алматы, пр. Абая, 10');
  const status = page.getByTestId('status-operational');
  await status.click();
  await page.getByTestId('status-target-NEED_MORE_INFO').click();
  // The move asks for the question to the client, which his cabinet shows.
  await page.locator('#status-reason').fill('Нужен вес лота');
  await page.getByTestId('reason-confirm').click();
  await expect(status).toHaveAttribute('data-status', 'NEED_MORE_INFO', SAVE_TIMEOUT);
  await page.goto(`/hyper-customer-requests/${hyperId}`);
  await expect(page.getByTestId('lot-row-0')).toContainText('Нужна информация');
  await page.getByTestId('edit-lots').click();
  await expect(page.getByTestId('lot-remove-0')).toBeDisabled();

  // The second lot is taken out: a reason is asked, and its request is refused with it.
  const secondRequest = (
    (await api('GET', `/hyper-customer-requests/${hyperId}`)).lots as { requestId: number }[]
  )[1]!.requestId;
  await page.getByTestId('lot-remove-1').click();
  await expect(page.getByTestId('lot-row-1')).toHaveCount(0);
  await page.getByTestId('resource-save').click();
  await expect(page.locator('#field-withdrawalReason')).toHaveAttribute('aria-invalid', 'true', SAVE_TIMEOUT);
  await page.locator('#field-withdrawalReason').fill('Клиент снял лот с тендера');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(summary).toContainText('Нужна информация: 1', SAVE_TIMEOUT);
  await expect(summary).not.toContainText('Котировка не готова');
  expect(await api('GET', `/requests/${secondRequest}`)).toMatchObject({
    status: 'NO_SERVICE',
    statusReason: 'Клиент снял лот с тендера',
  });

  // The list finds the tender by its name, with its client and the lots' progress.
  await page.goto('/hyper-customer-requests');
  await page.getByTestId('resource-search').fill(`Тендер ${id}`);
  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(client);
  await expect(rows.getByTestId('lot-progress').locator('[data-status="NEED_MORE_INFO"]')).toHaveText('1');
});
