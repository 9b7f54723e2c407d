import { type Browser, expect, type Page } from '@playwright/test';
import { apiOf, createUserReady, expectSnackbar, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/**
 * Announcements and notifications (issue 19): an important announcement written in the editor reaches a
 * colleague of the office it names at once, in the modal that stays until it is read; a reply another
 * user writes to one's announcement arrives as a notification toast and waits in the bell.
 */

const PASSWORD = 'Comms-E2e-2025';

/** A colleague of a fresh office (nobody else's screens see the announcement as important), signed in. */
async function colleague(browser: Browser, adminPage: Page, adminToken: string, id: string) {
  const office = await apiOf(adminPage, adminToken)('POST', '/settings/service-offices', {
    name: `Офис ${id}`,
    code: `E${id}`.slice(0, 10),
  });
  const username = `comms_${id}`;
  await createUserReady(
    adminPage.request,
    adminToken,
    {
      username,
      contactName: `Коллега ${id}`,
      locale: 'ru-RU',
      roles: ['ROLE_COMPANY_CHAPTERS'],
      serviceOfficeId: office.id,
    },
    PASSWORD,
  );
  const page = await (await browser.newContext()).newPage();
  const token = await signIn(page, '/dashboard', 'ru', { user: { username, password: PASSWORD } });
  return { page, token, office: office.id as number, name: `Коллега ${id}` };
}

async function openBell(page: Page) {
  await page.getByTestId('notification-bell').click();
  return page.getByTestId('notification-list');
}

test('an important announcement from the editor holds the colleague’s screen until read', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const token = await signIn(page, '/announcements');
  const other = await colleague(browser, page, token, id);
  await expect(other.page.getByTestId('announcements-menu')).toBeVisible();
  await page.getByRole('link', { name: 'Новое объявление' }).click();

  const title = `Склад закрыт ${id}`;
  await page.getByRole('textbox', { name: 'Заголовок' }).fill(title);
  const editor = page.getByTestId('announcement-content').locator('[contenteditable="true"]');
  await editor.click();
  await editor.pressSequentially('Отгрузки ');
  await page.keyboard.press('Control+b');
  await editor.pressSequentially('завтра');
  await page.locator('#announcement-offices').fill(`Офис ${id}`);
  await page.getByRole('option', { name: `Офис ${id}` }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Важное', { exact: true }).check();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expectSnackbar(page, 'Объявление опубликовано');
  await expect(page.getByRole('heading', { name: title })).toBeVisible(SAVE_TIMEOUT);
  await expect(page.getByText('завтра', { exact: true })).toHaveCSS('font-weight', '700');

  // The colleague's screen, open all along, shows it in the modal that Escape does not close.
  const modal = other.page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible(SAVE_TIMEOUT);
  await expect(modal.locator('strong', { hasText: 'завтра' })).toBeVisible();
  await other.page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Прочитано' }).click();
  await expect(modal).toBeHidden();
  await other.page.reload();
  await expect(other.page.getByTestId('user-menu')).toBeAttached();
  await expect(other.page.getByRole('dialog')).toBeHidden();
  await other.page.context().close();
});

test('a reply by another user arrives as a notification toast and waits in the bell', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  // The administrator works in a browser of their own; this page is the colleague's (its snackbars are recorded).
  const adminPage = await (await browser.newContext()).newPage();
  const adminToken = await signIn(adminPage, '/dashboard');
  const username = `comms_${id}`;
  await createUserReady(
    adminPage.request,
    adminToken,
    { username, contactName: `Коллега ${id}`, locale: 'ru-RU', roles: ['ROLE_COMPANY_CHAPTERS'] },
    PASSWORD,
  );
  const token = await signIn(page, '/dashboard', 'ru', { user: { username, password: PASSWORD } });
  const title = `Вопрос по пропускам ${id}`;
  const announcement = await apiOf(page, token)('POST', '/announcements', {
    title,
    content: '<p>Кто заказывает пропуска?</p>',
  });
  await expect(page.getByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeVisible();

  // The administrator answers in their browser; the colleague is told at once.
  await adminPage.goto(`/announcements/${announcement.id}`);
  const reply = adminPage.getByTestId('reply-content').locator('[contenteditable="true"]');
  await reply.click();
  await reply.pressSequentially('Пропуска заказывает охрана.');
  await adminPage.getByRole('button', { name: 'Отправить' }).click();
  await expect(adminPage.getByTestId('announcement-reply')).toContainText('Пропуска заказывает охрана.');

  await expectSnackbar(page, `Administrator ответил(а) на объявление ${title}`);
  const list = await openBell(page);
  await expect(list.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();
  await list.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/announcements/${announcement.id}$`));
  await expect(page.getByText('Пропуска заказывает охрана.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Уведомления, непрочитанных: 0' })).toBeVisible();
  await adminPage.context().close();
});
