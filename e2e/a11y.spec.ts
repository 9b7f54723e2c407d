import { expect, type Page } from '@playwright/test';
import { seriousViolations, signIn, test } from './helpers';

test('the sign-in screen has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious or critical accessibility violations, expanded and collapsed', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('nav-collapse').click();
  // Collapsed, only the menu changed: it alone is scanned again.
  expect(await seriousViolations(page, '[data-testid="drawer"]')).toEqual([]);
  await page.getByTestId('nav-collapse').click();
});

test('the profile screen has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, '/settings/user-profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** Signs in to a cabinet (`/ops`, `/carrier`) as its demo user, landing on its first screen. */
async function cabinetSignIn(page: Page, cabinet: 'ops' | 'carrier', email: string) {
  await page.goto(`/${cabinet}/login`);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId(`${cabinet}-company`)).not.toBeEmpty();
}

test("the contractor portal's main screens have no serious or critical accessibility violations", async ({
  page,
}) => {
  await cabinetSignIn(page, 'ops', 'contractor1@ops.demo');
  await expect(page.getByTestId('ops-offer').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Работы' }).click();
  await expect(page.getByTestId('ops-job-link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('ops-job-link').first().click();
  await expect(page.getByRole('heading', { name: 'Этапы' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the carrier's cabinet's main screens on a phone have no serious or critical accessibility violations", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await cabinetSignIn(page, 'carrier', 'carrier1@carrier.demo');
  await expect(page.getByTestId('carrier-trip-link').filter({ visible: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('carrier-trip-link').filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Этапы' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('link', { name: 'Водители' }).click();
  await expect(page).toHaveURL(/\/carrier\/drivers$/);
  expect(await seriousViolations(page)).toEqual([]);
});
