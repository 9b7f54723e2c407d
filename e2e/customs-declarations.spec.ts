import { expect } from '@playwright/test';
import { apiOf, expectSnackbar, SAVE_TIMEOUT, seriousViolations, signIn, test } from './helpers';

/** The demo customs user: declarant and customs specialist, who enters customs' messages. */
const CUSTOMS = { username: 'smirnov', password: 'Demo12345' };

/**
 * Customs declarations (docs/customs.md "Declarations"): the list filtered by status with the filter kept
 * in the address, a declaration's page read first, and customs' messages entered from its status menu: a
 * number customs would not give refused under its field, then registration, an examination and release.
 */
test('the customs user files a declaration and records customs’ messages on its page', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page, '/tms/customs?status=UNDER_CONTROL', 'ru', { user: CUSTOMS });
  const api = apiOf(page, token);

  // The list keeps its filter in the address: only declarations under control.
  const rows = page.getByTestId('resource-row');
  await expect(rows.first()).toBeVisible(SAVE_TIMEOUT);
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/status=UNDER_CONTROL/);
  expect(await seriousViolations(page)).toEqual([]);

  const [order] = (await api('GET', '/tms/orders?itemsPerPage=1')).collection as { id: number }[];
  const points = (await api('GET', '/tms/customs-points?search=10702030')).collection as { id: number }[];
  const draft = (await api('POST', '/tms/customs', {
    orderId: order!.id,
    direction: 'IM',
    procedureCode: '40',
    customsPointId: points[0]!.id,
    bondedTerminal: 'СВХ «Восточный»',
    declarantId: null,
    items: [{ tnvedCode: '8517130000', description: 'Смартфоны' }],
  })) as { id: number };

  await page.goto(`/tms/customs/${draft.id}`);
  const status = page.getByTestId('status-declaration');
  await expect(status).toHaveAttribute('data-status', 'DRAFT', SAVE_TIMEOUT);
  await expect(page.getByTestId('section-items')).toContainText('8517 13 000 0');

  // Submitting without a declarant is refused, saying why; accepting names the user, then it goes.
  await status.click();
  await page.getByTestId('status-target-submit').click();
  await page.getByTestId('move-apply').click();
  await expect(page.getByTestId('move-refusal')).toContainText('Назначьте декларанта');
  await page.getByRole('button', { name: 'Отмена' }).click();
  await page.getByTestId('accept-declarant').click();
  await expect(page.getByTestId('section-people')).toContainText('Алексей Смирнов', SAVE_TIMEOUT);
  await status.click();
  await page.getByTestId('status-target-submit').click();
  await page.getByTestId('move-apply').click();
  await expect(status).toHaveAttribute('data-status', 'SUBMITTED', SAVE_TIMEOUT);

  // Registration: a date that does not exist is refused under the number, a real one is recorded.
  const serial = String(Date.now() % 10_000_000).padStart(7, '0');
  await status.click();
  await page.getByTestId('status-target-register').click();
  await page.locator('#move-number').fill(`10702030/310219/${serial}`);
  await page.getByTestId('move-apply').click();
  await expect(page.getByTestId('move-dialog')).toContainText('Дата регистрации в номере не существует');
  await page.locator('#move-number').fill(`10702030/070219/${serial}`);
  await page.getByTestId('move-apply').click();
  await expect(status).toHaveAttribute('data-status', 'REGISTERED', SAVE_TIMEOUT);
  await expect(page.getByTestId('declaration-number')).toHaveText(`10702030/070219/${serial}`);

  await status.click();
  await page.getByTestId('status-target-startControl').click();
  await page.locator('#move-controlKind').click();
  await page.getByRole('option', { name: 'Досмотр' }).click();
  await page.getByTestId('move-apply').click();
  await expect(page.getByTestId('control-kind')).toHaveText('Досмотр', SAVE_TIMEOUT);

  await status.click();
  await page.getByTestId('status-target-release').click();
  await page.getByTestId('move-apply').click();
  await expectSnackbar(page, 'Выпуск');
  await expect(status).toHaveAttribute('data-status', 'RELEASED', SAVE_TIMEOUT);
  await expect(page.getByTestId('decision-code')).toContainText('10');
  await expect(page.getByTestId('section-timeline')).toContainText('Время выпуска');
  expect(await seriousViolations(page)).toEqual([]);
});
