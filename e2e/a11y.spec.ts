import { expect } from '@playwright/test';
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
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('nav-collapse').click();
});

test('the profile screen has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, '/settings/user-profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
