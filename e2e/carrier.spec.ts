import { expect, type Page } from '@playwright/test';
import { ADMIN, test, unique } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** The back office's API as the administrator: the forwarder adds a stage to the carrier's trip. */
async function backOffice(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()).data as { token: string };
  return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await page.request.fetch(`/api${path}`, {
      method,
      data: body,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
}

/**
 * The carrier's cabinet (issue 37) on a phone: the demo carrier signs in at /carrier, adds a driver with
 * his passport and licence and submits him for verification (the back office verifies), then closes the
 * next stage of his trip with the day it was reached by the big button, and puts his verified driver and a
 * vehicle on the trip.
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

  // The forwarder adds a stage shown to carriers to the demo carrier's trip (a stage of his own, so the
  // contractor portal's spec closing the same job's stages does not meet it).
  const api = await backOffice(page);
  const id = unique();
  const type = await api('POST', '/settings/stage-types', {
    name: `Подача ${id}`,
    code: `C${id}`,
    pccName: `Подача ${id}`,
    pccVisible: false,
    opsName: `Подача машины ${id}`,
    opsVisible: true,
  });
  const jobs = (await api('GET', '/tms/jobs?itemsPerPage=100')).collection as {
    id: number;
    number: number;
    contractorName: string | null;
  }[];
  const job = jobs.find((j) => j.contractorName === 'ИП Петренко Сергей Иванович')!;
  await api('POST', `/tms/jobs/${job.id}/stages`, { stageTypeId: type.id });
  const stage = `Подача машины ${id}`;

  await menu('Рейсы');
  // The trip's link (a card on a phone; the wide screen's table is hidden).
  await page.getByRole('link', { name: String(job.number).padStart(6, '0'), exact: true }).click();
  // The big button closes the next open stage; another one is chosen from the list first.
  const chosen = page.getByTestId('carrier-close-stage-name');
  await expect(chosen).toBeVisible();
  if ((await chosen.textContent()) !== stage) {
    await page
      .getByTestId('carrier-stage')
      .filter({ hasText: stage })
      .getByRole('button', { name: 'Закрыть этот' })
      .click();
  }
  await expect(page.getByTestId('carrier-close-stage-name')).toHaveText(stage);
  await expect(page.getByTestId('carrier-close-date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('carrier-close-stage').click();
  await expect(page.getByTestId('carrier-stage-closed')).toContainText(stage);
  await expect(page.getByTestId('carrier-stage').filter({ hasText: stage })).toContainText('Выполнен');

  // He puts his verified driver (the demo's) and a vehicle on the trip; the back office reads them on the job.
  await page.getByTestId('carrier-assignment-driver').click();
  await page.getByRole('option', { name: 'Сергей Петренко' }).click();
  await page.getByTestId('carrier-assignment-vehicle').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('carrier-assignment-save').click();
  await expect(page.getByTestId('carrier-assignment-current')).toContainText('Сергей Петренко');
  expect((await api('GET', `/tms/jobs/${job.id}/trip-assignment`)).driverName).toBe('Сергей Петренко');
});
