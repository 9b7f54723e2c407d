import { expect } from '@playwright/test';
import { test, unique } from './helpers';

/**
 * The contractor portal (issue 37): the demo contractor signs in at /ops with his e-mail, prices a request
 * asked of him, opens his latest job, accepts its transport order, closes a stage with its date and sends
 * his bill for the job; all with the keyboard where a person would type.
 */
test('a contractor signs in at /ops, prices a request and closes a stage of his job', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/ops');
  await expect(page).toHaveURL(/\/ops\/login$/);
  await page.getByLabel('Электронная почта').fill('contractor1@ops.demo');
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByLabel('Пароль').press('Enter');
  await expect(page).toHaveURL(/\/ops\/offers$/);
  await expect(page.getByTestId('ops-company')).not.toBeEmpty();

  // A request waiting for his price: he gives one, valid a week, with a comment.
  const waiting = page.getByTestId('ops-offer').filter({ hasText: 'Ждём вашу цену' }).first();
  const request = (await waiting.locator('p').first().innerText()).split(' · ')[0]!;
  await waiting.getByTestId('ops-offer-answer').click();
  // A negative price is refused under the price itself, which is marked.
  await page.getByTestId('ops-offer-amount').fill('-5');
  await expect(page.getByRole('dialog').getByLabel('Валюта')).toHaveValue('RUB');
  await page.getByTestId('ops-offer-submit').click();
  await expect(page.getByTestId('ops-offer-amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toContainText('Слишком маленькое значение');
  await page.getByTestId('ops-offer-amount').fill('98 500,50');
  await page.getByLabel('Комментарий').fill('Тент 20 т, загрузка завтра');
  await page.getByTestId('ops-offer-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const answered = page.getByTestId('ops-offer').filter({ hasText: request });
  await expect(answered.getByTestId('ops-offer-state')).toHaveText('Цена отправлена');
  await expect(answered).toContainText('98');
  await expect(answered).toContainText('Тент 20 т, загрузка завтра');

  // His job from Warsaw (the demo's job under way): its transport order to accept, then a stage reached
  // yesterday.
  await page.getByRole('link', { name: 'Работы' }).click();
  await expect(page).toHaveURL(/\/ops\/jobs$/);
  await page
    .getByRole('row', { name: /Warszawa/ })
    .getByTestId('ops-job-link')
    .click();
  await expect(page.getByRole('heading', { name: 'Этапы' })).toBeVisible();
  await page.getByTestId('ops-transport-order-accept').click();
  await expect(page.getByTestId('ops-transport-order')).toContainText('Принята');

  const stage = page
    .getByTestId('ops-stage')
    .filter({ has: page.getByTestId('ops-stage-close') })
    .first();
  const name = await stage.locator('.mantine-Timeline-itemTitle').innerText();
  await stage.getByTestId('ops-stage-close').click();
  const yesterday = new Date(Date.now() - 86_400_000);
  const iso = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 10);
  await page.getByTestId('ops-stage-date').fill(iso);
  await page.getByTestId('ops-stage-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const [y, m, d] = iso.split('-');
  const closed = page.getByTestId('ops-stage').filter({ hasText: name });
  await expect(closed).toContainText(`Пройден ${d}.${m}.${y}`);

  // His bill for the job with its PDF: listed as sent; the same number again is refused under the number.
  const number = `СЧ-${unique()}`;
  const sendBill = async () => {
    await page.getByTestId('ops-bill-send').click();
    await page.getByTestId('ops-bill-number').fill(number);
    await page.getByTestId('ops-bill-amount').fill('45 000,00');
    await expect(page.getByRole('dialog').getByLabel('Валюта')).toHaveValue('RUB');
    await page
      .getByRole('dialog')
      .locator('input[type=file]')
      .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByTestId('ops-bill-submit').click();
  };
  await sendBill();
  await expect(page.getByRole('dialog')).toBeHidden();
  const sent = page.getByTestId('ops-submitted-bill').filter({ hasText: number });
  await expect(sent.getByTestId('ops-bill-status')).toHaveText('Отправлен');
  await sendBill();
  await expect(page.getByRole('dialog')).toContainText('Счёт с этим номером уже отправлен');
  await expect(page.getByTestId('ops-bill-number')).toHaveAttribute('aria-invalid', 'true');
});

/**
 * The portal's administrator manages his colleagues (the cabinets' one colleagues screen): he invites one
 * by e-mail with a role, and sees him listed as invited until his link's end, with that role.
 */
test("the contractor's administrator invites a colleague, listed as invited", async ({ page }) => {
  const email = `dispatcher-${unique()}@ops.test`;
  await page.goto('/ops/login');
  await page.getByLabel('Электронная почта').fill('contractor1@ops.demo');
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByLabel('Пароль').press('Enter');
  await page.getByRole('link', { name: 'Коллеги' }).click();
  await expect(page).toHaveURL(/\/ops\/users$/);
  await page.getByTestId('cabinet-users-invite').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Имя').fill('Пётр Диспетчеров');
  await dialog.getByLabel('Электронная почта').fill(email);
  await dialog.getByLabel('Работы и этапы').check();
  await dialog.getByTestId('cabinet-users-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cabinet-users-done')).toContainText(email);
  const row = page.getByRole('row', { name: /Пётр Диспетчеров/ });
  await expect(row.getByTestId('cabinet-user-status')).toContainText(
    /Приглашён\s*ссылка до \d\d\.\d\d\.\d{4}/,
  );
  await expect(row).toContainText('Работы и этапы');
});
