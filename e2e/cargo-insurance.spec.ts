import { expect } from '@playwright/test';
import { apiOf, expectSnackbar, FORWARDER, SAVE_TIMEOUT, seriousViolations, signIn, test } from './helpers';

/** The demo bank-insurer: accepts or rejects cargo for insurance and issues the certificates. */
const INSURER = { username: 'belova', password: 'Demo12345' };

/**
 * Cargo insurance (spec §4): the insurer finds the certificates ready for her in the list filtered from the
 * address, opens one made ready for this test (an order without a certificate, through the API), accepts it
 * from the status menu and issues it under a number: INSURED, the number on the page.
 */
test('the insurer takes a certificate from READY to INSURED on its page', async ({ page }) => {
  test.setTimeout(150_000);
  // The forwarder prepares insurance ("insurance status ready"): an order of his without a certificate.
  const login = await page.request.post('/api/auth/login', { data: FORWARDER });
  const forwarder = apiOf(page, ((await login.json()) as { data: { token: string } }).data.token);
  const taken = new Set(
    (
      (await forwarder('GET', '/tms/cargo-insurance?itemsPerPage=100')).collection as { orderId: number }[]
    ).map((c) => c.orderId),
  );
  const orders = (await forwarder('GET', '/tms/orders?itemsPerPage=100&archived=false')).collection as {
    id: number;
  }[];
  const order = orders.find((o) => !taken.has(o.id))!;
  const [policy] = (await forwarder('GET', '/settings/insurance-policies')).collection as { id: number }[];
  const created = (await forwarder('POST', '/tms/cargo-insurance', {
    orderId: order.id,
    policyId: policy!.id,
    insuredValue: '750000.00',
    valueCurrencyId: (
      (
        await forwarder('GET', '/settings/currencies?search=RUB')
      ).collection as { id: number; code: string }[]
    ).find((c) => c.code === 'RUB')!.id,
    periodFrom: '2026-01-10',
    periodTo: '2026-12-20',
    cargoDescription: 'Оборудование для упаковки, 3 ящика',
  })) as { id: number; version: number };
  await forwarder('POST', `/tms/cargo-insurance/${created.id}/ready`, { version: created.version });

  await signIn(page, '/tms/cargo-insurance?status=READY', 'ru', { user: INSURER });
  const rows = page.getByTestId('resource-row');
  await expect(rows.first()).toBeVisible(SAVE_TIMEOUT);
  await expect(page).toHaveURL(/status=READY/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/tms/cargo-insurance/${created.id}`);
  const status = page.getByTestId('status-insurance');
  await expect(status).toHaveAttribute('data-status', 'READY', SAVE_TIMEOUT);
  await expect(page.getByTestId('header-amount')).toContainText('750');

  await status.click();
  await page.getByTestId('status-target-accept').click();
  await page.getByTestId('move-apply').click();
  await expect(status).toHaveAttribute('data-status', 'ACCEPTED', SAVE_TIMEOUT);

  // Issuing without a number is refused under the field; with one the cargo is insured.
  const number = `ГС-E2E-${Date.now() % 1_000_000}`;
  await status.click();
  await page.getByTestId('status-target-issue').click();
  await page.getByTestId('move-apply').click();
  await expect(page.getByTestId('move-dialog')).toContainText('Значение не должно быть пустым');
  await page.locator('#move-number').fill(number);
  await page.getByTestId('move-apply').click();
  await expectSnackbar(page, 'Выдать сертификат');
  await expect(status).toHaveAttribute('data-status', 'INSURED', SAVE_TIMEOUT);
  await expect(page.getByTestId('certificate-number')).toHaveText(number);
  expect(await seriousViolations(page)).toEqual([]);
});
