import { expect } from '@playwright/test';
import { test, unique } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * The carrier's cabinet (issue 37) on a phone: the demo carrier signs in at /carrier, adds a driver with
 * his passport and licence and submits him for verification (the back office verifies), then closes the
 * next stage of his trip with the day it was reached by the big button.
 */
test('a carrier signs in on a phone, submits a driver and closes a stage of his trip', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/carrier');
  await expect(page).toHaveURL(/\/carrier\/login$/);
  await page.getByLabel('Электронная почта').fill('carrier1@carrier.demo');
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/carrier\/trips$/);
  await expect(page.getByTestId('carrier-company')).not.toBeEmpty();

  const menu = async (section: string) => {
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('link', { name: section }).click();
  };

  await menu('Водители');
  await page.getByTestId('carrier-new-driver').click();
  const name = `Водитель ${unique()}`;
  await page.getByLabel('ФИО').fill(name);
  await page.getByLabel('Телефон').fill('+7 900 123-45-67');
  await page.getByLabel('Серия').fill('4510');
  await page.getByLabel('Номер', { exact: true }).fill('654321');
  await page.getByLabel('Кем выдан').fill('ОВД района Хамовники');
  await page.getByLabel('Дата выдачи').fill('2016-05-20');
  await page.getByLabel('Номер удостоверения').fill('77 12 000001');
  await page.getByLabel('Категории').fill('c, ce');
  await page.getByLabel('Действует до').fill(`${new Date().getFullYear() + 3}-01-31`);
  await page.getByTestId('carrier-driver-save').click();
  await expect(page).toHaveURL(/\/carrier\/drivers\/\d+$/);
  await expect(page.getByTestId('carrier-driver-status').first()).toHaveText('Не отправлен на проверку');
  await expect(page.getByLabel('Категории')).toHaveValue('C, CE');
  await page.getByTestId('carrier-driver-submit').click();
  await expect(page.getByTestId('carrier-driver-status').first()).toHaveText('На проверке');
  await expect(page.getByTestId('carrier-driver-history')).toContainText(
    'Не отправлен на проверку → На проверке',
  );

  await menu('Рейсы');
  // A trip with a stage still to close (on a phone the rows are cards).
  await page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByTestId('carrier-trip-next') })
    .first()
    .getByTestId('carrier-trip-link')
    .click();
  const stage = (await page.getByTestId('carrier-close-stage-name').textContent())!;
  await expect(page.getByTestId('carrier-close-date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('carrier-close-stage').click();
  await expect(page.getByTestId('carrier-stage-closed')).toContainText(stage);
  // The next open stage (if any) is offered now, not the one closed.
  await expect(page.getByTestId('carrier-close-stage-name')).not.toHaveText(stage);
});
