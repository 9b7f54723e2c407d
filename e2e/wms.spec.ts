import { expect } from '@playwright/test';
import { WmsSandbox } from '../apps/server/src/modules/warehouse/wms-sandbox';
import { apiOf, newOrder, SAVE_TIMEOUT, seriousViolations, signIn, test, unique } from './helpers';

/**
 * Issue 34: a WMS stage of an order sends its advice from the order's page, waits for the warehouse's
 * system, and closes when the WMS confirms the places (found by polling: the test's server has no public
 * address for callbacks). The WMS is the sandbox the API tests use, started here.
 */
test('a WMS stage waits for the warehouse system and closes when it confirms the places', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const sandbox = new WmsSandbox();
  const wmsUrl = await sandbox.start();
  try {
    const token = await signIn(page, '/dashboard');
    const api = apiOf(page, token);
    const id = unique();
    const warehouse = `Склад WMS ${id}`;
    await api('POST', '/warehouse/warehouses', {
      code: `WMS${id}`,
      name: warehouse,
      ownership: 'own',
      address: 'Подольск, ул. Лобачёва, 13',
      wmsSystem: 'Sandbox WMS',
      wmsUrl,
    });
    const stageType = await api('POST', '/settings/stage-types', {
      code: `AA${id}`,
      name: `Приёмка на склад ${id}`,
      sortOrder: 1,
      behaviours: ['WMS_AA'],
    });
    const order = await newOrder(api);
    const stage = await api('POST', `/tms/orders/${order.id}/stages`, { stageTypeId: stageType.id });

    await page.goto(`/tms/orders/${order.id}`);
    await page.getByTestId('tab-jobs').click();
    const row = page.getByTestId('stage-row').filter({ hasText: `Приёмка на склад ${id}` });
    await expect(row.getByTestId('wms-stage')).toContainText(
      'Уведомление в WMS ещё не отправлено',
      SAVE_TIMEOUT,
    );
    await row.getByTestId('wms-send').click();
    const form = page.locator('form').filter({ has: page.getByTestId('wms-send-confirm') });
    await form.getByLabel('Склад').fill(warehouse);
    await page.getByRole('option', { name: warehouse, exact: true }).click();
    await form.getByLabel('Мест').fill('12');
    await page.getByTestId('wms-send-confirm').click();

    // Sent by the job queue; the stage waits for the WMS, still open.
    await expect.poll(() => sandbox.byStage(stage.id as number)?.message.places, SAVE_TIMEOUT).toBe(12);
    await page.reload();
    await page.getByTestId('tab-jobs').click();
    await expect(row.getByTestId('wms-state')).toHaveText('Ожидается подтверждение WMS', SAVE_TIMEOUT);
    await expect(row).toHaveAttribute('data-closed', 'false');
    // It is not closed by hand: the WMS closes it, or forced management without it.
    await expect(row.getByTestId('stage-close')).toHaveCount(0);
    await expect(row.getByTestId('wms-force')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The warehouse counts the places; the next poll finds it and the stage closes.
    await sandbox.move(stage.id as number, 'confirmed');
    await api('POST', '/system/scheduled-jobs/wms-poll/run', {});
    await page.reload();
    await page.getByTestId('tab-jobs').click();
    await expect(row.getByTestId('wms-state')).toHaveText('Подтверждено WMS · 12/12', SAVE_TIMEOUT);
    await expect(row).toHaveAttribute('data-closed', 'true');
  } finally {
    await sandbox.stop();
  }
});
