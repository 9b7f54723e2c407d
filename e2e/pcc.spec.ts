import { expect } from '@playwright/test';
import { test, unique } from './helpers';

/**
 * The client cabinet (issue 37): a demo client signs in at /pcc with his e-mail, sends a request with a
 * route and cargo, finds it among his requests, and opens one of his orders with its stages' timeline.
 */
test('a client signs in at /pcc, creates a request and follows his order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/pcc');
  await expect(page).toHaveURL(/\/pcc\/login$/);
  await page.getByLabel('Электронная почта').fill('client1@pcc.demo');
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/pcc\/requests$/);
  await expect(page.getByTestId('pcc-company')).not.toBeEmpty();

  const cargo = `Станки ${unique()}`;
  await page.getByTestId('pcc-new-request').click();
  await page.getByLabel('Откуда (адрес погрузки)').fill('Москва, ул. Складская, 1');
  await page.getByLabel('Страна погрузки').and(page.locator('input')).fill('Росс');
  await page.getByRole('option', { name: 'Российская Федерация' }).click();
  await page.getByLabel('Куда (адрес выгрузки)').fill('Минск, пр. Победителей, 5');
  await page.getByLabel('Страна выгрузки').and(page.locator('input')).fill('Белар');
  await page.getByRole('option', { name: 'Беларусь' }).first().click();
  await page.getByLabel('Груз', { exact: true }).fill(cargo);
  await page.getByTestId('pcc-request-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(cargo).first()).toBeVisible();

  await page.getByRole('link', { name: 'Заказы' }).click();
  await expect(page).toHaveURL(/\/pcc\/orders$/);
  await page.getByTestId('pcc-order-link').first().click();
  await expect(page).toHaveURL(/\/pcc\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Где груз' })).toBeVisible();
});
