import { expect } from '@playwright/test';
import { ADMIN, createUserReady, signIn, test, unique } from './helpers';

// These change the stored profile of a user of their own, one test after another: changing the
// administrator's (his dark theme) repainted the screens other tests scanned beside them.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Profile-E2E-2025';
const NAME = 'Профиль Тестовый';
let user: { username: string; password: string };

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  const username = `profile_${unique()}`;
  await createUserReady(
    request,
    adminToken,
    { username, contactName: NAME, locale: 'ru-RU', roles: ['ROLE_COMPANY_CHAPTERS'] },
    PASSWORD,
  );
  user = { username, password: PASSWORD };
});

test.describe('user profile', () => {
  test('the dark theme is kept per user', async ({ page }) => {
    await signIn(page, '/dashboard', 'ru', { realLocale: true, user });
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await page.getByTestId('user-menu').click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('theme-toggle').click();
    expect((await saved).ok()).toBe(true);
    expect(await scheme()).toBe('dark');

    // Another browser (no local copy of the scheme) gets it from the user's settings.
    await page.evaluate(() => localStorage.removeItem('tms.colorScheme'));
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect.poll(scheme).toBe('dark');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(scheme).toBe('light');
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/users/me', { headers: await authHeader(page) })).json()).data
            .darkTheme,
      )
      .toBe(false);
  });

  test('language is switched per user and the whole shell follows', async ({ page }) => {
    await signIn(page, '/settings/user-profile', 'ru', { realLocale: true, user });
    await page.getByTestId('profile-language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar')).toHaveText('Saved');
    await expect(page.getByTestId('header-title')).toHaveText('User profile');
    await expect(page).toHaveTitle('User profile — TMS');
    await expect(page.getByTestId('nav-search')).toHaveAttribute('placeholder', 'Search the menu');

    await page.reload();
    await expect(page.getByTestId('header-title')).toHaveText('User profile');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByTestId('profile-language').click();
    await page.getByRole('option', { name: 'Русский' }).click();
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar')).toHaveText('Сохранено');
    await expect(page.getByTestId('header-title')).toHaveText('Профиль пользователя');
  });

  test('the name is saved; a blank name is refused under its field', async ({ page }) => {
    await signIn(page, '/settings/user-profile', 'ru', { realLocale: true, user });
    const name = page.getByTestId('profile-name');
    await name.fill('Профиль Изменённый');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar')).toHaveText('Сохранено');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Профиль Изменённый');
    await page.keyboard.press('Escape');

    await name.fill('   ');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Значение не должно быть пустым')).toBeVisible();

    await name.fill(NAME);
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('user-menu')).toContainText(NAME);
  });

  test('password change asks for the current password and shows the server errors under each field', async ({
    page,
  }) => {
    await signIn(page, '/settings/user-profile', 'ru', { realLocale: true, user });
    const form = page.getByTestId('profile-password');
    // The counter's limit is the rule's: the input takes no more than 32 characters.
    await form.getByLabel('Новый пароль').pressSequentially('a1'.repeat(20));
    await expect(form.getByTestId('counter-first')).toHaveText('32 / 32');
    await form.getByLabel('Новый пароль').fill('short');
    await expect(form.getByTestId('counter-first')).toHaveText('5 / 32');
    await form.getByLabel('Повторите пароль').fill('other1');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    const first = form.locator('.mantine-InputWrapper-root', { has: page.getByLabel('Новый пароль') });
    const second = form.locator('.mantine-InputWrapper-root', { has: page.getByLabel('Повторите пароль') });
    await expect(first.locator('.mantine-InputWrapper-error')).not.toBeEmpty();
    await expect(second.locator('.mantine-InputWrapper-error')).toHaveText('Пароли не совпадают');
    // Changing one's own password asks for the current one.
    const current = form.locator('.mantine-InputWrapper-root', { has: page.getByLabel('Текущий пароль') });
    await expect(current.locator('.mantine-InputWrapper-error')).toHaveText('Значение не должно быть пустым');
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
  });
});

async function authHeader(page: import('@playwright/test').Page) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('tms.auth') ?? '{}').token as string,
  );
  return { Authorization: `Bearer ${token}` };
}
