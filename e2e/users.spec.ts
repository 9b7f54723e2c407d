import { expect, type Page } from '@playwright/test';
import { expectSnackbar, signIn, test } from './helpers';

/**
 * Users and access: an access group with permissions, a user in it who signs in, replaces the password the
 * administrator chose (a password someone else chose is temporary) and sees the menu those permissions
 * give, a validation error under its field, deactivation signing the user out at once, and the change log
 * showing what was done.
 */

async function pickPermission(page: Page, family: string, permission: string) {
  await page.getByRole('textbox', { name: 'Найти право' }).fill(permission);
  await page.getByRole('button', { name: family, exact: true }).click();
  await page.getByRole('checkbox', { name: permission, exact: true }).check();
}

test('access group, user in it, its menu, deactivation and the change log', async ({ page, browser }) => {
  // Two sessions and a dozen saves: the shared CI machine can be slow.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const groupName = `Аудиторы ${stamp}`;
  const username = `e2e.auditor_${stamp}`;
  const password = 'Audit0r2025';
  const ownPassword = 'Own-Audit0r';

  await signIn(page, '/settings/access-groups/new');
  await page.locator('#field-name').fill(groupName);
  await page.locator('#field-description').fill('Смотрят журнал изменений и список пользователей');
  await pickPermission(page, 'Журнал изменений', 'Журнал изменений: просмотр');
  await pickPermission(page, 'Пользователи', 'Пользователи: список');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/settings\/access-groups\/\d+$/);

  await page.goto('/settings/users/new');
  await page.locator('#field-username').fill('аудитор с пробелом');
  await page.locator('#field-contactName').fill('Галина Аудиторова');
  await page.locator('#field-email').fill(`${stamp}@example.com`);
  await page.locator('#field-password-first').fill(password);
  await page.locator('#field-password-second').fill(password);
  const groups = page.getByRole('textbox', { name: 'Группы доступа' });
  await groups.click();
  await groups.fill(groupName);
  await page.getByRole('option', { name: groupName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('resource-save').click();
  // The error stands under the username input and nothing is created.
  await expect(page.locator('#field-username-error')).toHaveText(
    'Логин может содержать только латинские буквы, цифры, точку, дефис и подчёркивание.',
  );
  await expect(page).toHaveURL(/\/settings\/users\/new$/);

  await page.locator('#field-username').fill(username);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/settings\/users\/\d+$/);
  const userId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('group-roles')).toContainText('Журнал изменений: просмотр');

  // The new user signs in and sees what the group gives, and nothing more.
  const context = await browser.newContext({ locale: 'ru-RU' });
  const userPage = await context.newPage();
  await userPage.goto('/login');
  await userPage.getByLabel('Имя пользователя').fill(username);
  await userPage.getByLabel('Пароль').fill(password);
  await userPage.getByRole('button', { name: 'Войти' }).click();
  // The administrator's password opens only the dialog that replaces it.
  const dialog = userPage.getByRole('dialog', { name: 'Смените пароль' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Новый пароль').fill(ownPassword);
  await dialog.getByLabel('Повторите пароль').fill(ownPassword);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(userPage.getByTestId('user-menu')).toBeVisible();
  const nav = userPage.getByTestId('nav-tree');
  await nav.getByText('Настройки', { exact: true }).click();
  await nav.getByText('Пользователи и доступ', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Журнал изменений' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Пользователи' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Группы доступа' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Системные настройки' })).toHaveCount(0);
  await userPage.goto('/settings/entity-changelog');
  await expect(userPage.getByTestId('changelog-screen')).toBeVisible();

  // Deactivating the user ends their session at once (the form read again: his new password changed it).
  await page.bringToFront();
  await page.reload();
  await page.getByRole('switch', { name: 'Активен' }).uncheck();
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login/);
  await context.close();

  // The change log shows the creation, the user's own password and the deactivation with the old and new
  // value.
  await page.goto(`/settings/entity-changelog?entityType=user&entityId=${userId}`);
  const entries = page.getByTestId('changelog-entry');
  await expect(entries).toHaveCount(3);
  const latest = entries.first();
  await expect(latest).toContainText('Изменено');
  await expect(latest.getByTestId('change').filter({ hasText: 'Активен' })).toContainText(/Да\s*Нет/);
  await expect(entries.last()).toContainText('Создано');
  await expect(entries.last()).toContainText('Галина Аудиторова');
});

test('system settings: saved with "Saved", reflected in the system call, a stale save offers a reload', async ({
  page,
}) => {
  const token = await signIn(page, '/options/main');
  const headers = { authorization: `Bearer ${token}` };
  const field = page.locator('#option-announcementEditTimeout');
  const value = 100 + (Date.now() % 500);
  await field.fill(String(value));
  await page.getByTestId('options-save').click();
  await expectSnackbar(page, 'Сохранено');
  const system = await (await page.request.get('/api/system', { headers })).json();
  expect(system.data.options.announcementEditTimeout).toBe(value);

  // Someone else saves meanwhile: this screen's save is refused and offers to reload.
  const current = (await (await page.request.get('/api/options/main', { headers })).json()).data;
  const other = await page.request.put('/api/options/main', {
    headers,
    data: { archiveAfterDays: current.archiveAfterDays + 1, version: current.version },
  });
  expect(other.ok()).toBe(true);
  await field.fill(String(value + 1));
  await page.getByTestId('options-save').click();
  await expect(page.getByTestId('conflict-alert')).toBeVisible();
  await page.getByRole('button', { name: 'Загрузить заново' }).click();
  await expect(page.getByTestId('conflict-alert')).toHaveCount(0);
  await expect(page.locator('#option-archiveAfterDays')).toHaveValue(String(current.archiveAfterDays + 1));
  await field.fill(String(value + 1));
  await page.getByTestId('options-save').click();
  await expectSnackbar(page, 'Сохранено');
});
