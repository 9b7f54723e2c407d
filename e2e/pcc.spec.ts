import { expect, type Page } from '@playwright/test';
import { ADMIN, test, unique } from './helpers';

/** The back office's API as the administrator: what the forwarder does between the client's steps. */
async function backOffice(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()).data as { token: string };
  return async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
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
 * The client cabinet (issue 37): a demo client signs in at /pcc with his e-mail and sends a request; the
 * forwarder quotes it (through the API); the client accepts the quote; the order made from it reaches a
 * stage he is shown, which he sees on its timeline and in his notifications; he uploads the signed
 * application, and downloads his акт сверки beside his bills.
 */
test('a client signs in at /pcc, requests, accepts the quote and follows his order', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/pcc');
  await expect(page).toHaveURL(/\/pcc\/login$/);
  await page.getByLabel('Электронная почта').fill('client1@pcc.demo');
  await page.getByLabel('Пароль').fill('Demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/pcc\/requests$/);
  await expect(page.getByTestId('pcc-company')).not.toBeEmpty();

  const cargo = `Станки ${unique()}`;
  await page.getByTestId('pcc-new-request').click();
  await page.getByLabel('Откуда (адрес погрузки)').fill('Москва, ул. Складская, 1');
  await page.getByLabel('Страна погрузки').and(page.locator('input')).fill('Росс');
  await page.getByRole('option', { name: 'Российская Федерация' }).click();
  await page.getByLabel('Куда (адрес выгрузки)').fill('Минск, пр. Победителей, 5');
  await page.getByLabel('Страна выгрузки').and(page.locator('input')).fill('Белар');
  await page.getByRole('option', { name: 'Беларусь' }).first().click();
  await page.getByLabel('Груз', { exact: true }).fill(cargo);
  await page.getByTestId('pcc-request-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(cargo).first()).toBeVisible();

  // The forwarder quotes the request, sends the quote and marks it complete.
  const api = await backOffice(page);
  const [request] = (await api('GET', `/requests?search=${encodeURIComponent(cargo)}`)).collection as {
    id: number;
    version: number;
  }[];
  const quote = await api('PUT', `/requests/${request!.id}/quote`, {
    rates: [{ amount: '150000.00', currency: 'RUB' }],
    comment: 'До двери',
  });
  await api('POST', `/requests/${request!.id}/quote/send`, { version: quote.version });
  await api('POST', `/requests/${request!.id}/quote/complete`, { version: request!.version });

  await page.getByRole('link', { name: 'Котировки' }).click();
  const offered = page.getByTestId('pcc-quote').filter({ hasText: cargo });
  await offered.getByTestId('pcc-quote-accept').click();
  await page.getByTestId('pcc-quote-confirm').click();
  await expect(offered.getByTestId('pcc-quote-accepted')).toBeVisible();

  // The forwarder sees the acceptance and makes the order, which reaches a stage the client is shown.
  expect((await api('GET', `/requests/${request!.id}/quote`)).acceptedRate).toEqual({
    amount: '150000.00',
    currency: 'RUB',
  });
  const id = unique();
  const product = await api('POST', '/tms/products', { code: `PCC${id}`, name: `Продукт ${id}` });
  const start = await api('GET', `/requests/${request!.id}/order`);
  const order = await api('POST', '/tms/orders', { ...start, productId: product.id });
  const type = await api('POST', '/settings/stage-types', {
    name: `Погрузка ${id}`,
    code: `L${id}`,
    pccName: `Груз погружен ${id}`,
    pccVisible: true,
  });
  const stage = await api('POST', `/tms/orders/${order.id}/stages`, { stageTypeId: type.id });
  await api('POST', `/tms/orders/${order.id}/stages/${stage.id}/close`, { version: stage.version });

  // The notification comes once the event is delivered; the bell leads to the order.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('pcc-bell-count')).toBeVisible({ timeout: 2_000 });
    await page.getByTestId('pcc-bell').click();
    await expect(page.getByTestId('pcc-notification').filter({ hasText: `Груз погружен ${id}` })).toBeVisible(
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await page
    .getByTestId('pcc-notification')
    .filter({ hasText: `Груз погружен ${id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/pcc/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: 'Где груз' })).toBeVisible();
  await expect(page.getByTestId('pcc-timeline')).toContainText(`Груз погружен ${id}`);

  // He uploads the signed application: it is among the order's documents, for him and the back office.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('pcc-upload-application').click();
  await (await chooser).setFiles({
    name: `Заявка ${id}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 signed'),
  });
  await expect(page.getByRole('button', { name: `Заявка ${id}.pdf` })).toBeVisible();
  const files = (await api('GET', `/tms/orders/${order.id}/files`)).collection as { description: string }[];
  expect(files.map((f) => f.description)).toContain(`Заявка ${id}.pdf`);

  // His bills and the акт сверки.
  await page.getByRole('link', { name: 'Счета' }).click();
  await expect(page).toHaveURL(/\/pcc\/bills$/);
  const download = page.waitForEvent('download');
  await page.getByTestId('pcc-reconciliation-download').click();
  expect((await download).suggestedFilename()).toMatch(/^Акт сверки .*\.pdf$/);
  // The same form as a workbook.
  const workbook = page.waitForEvent('download');
  await page.getByTestId('pcc-reconciliation-download-xlsx').click();
  expect((await workbook).suggestedFilename()).toMatch(/^Акт сверки .*\.xlsx$/);
});
