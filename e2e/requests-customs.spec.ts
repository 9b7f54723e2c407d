import { type Browser, expect } from '@playwright/test';
import {
  apiOf,
  choose,
  expectSnackbar,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  snackbar,
  test,
  unique,
} from './helpers';

/** The demo customs user: the declarant's and the customs specialist's roles, customs requests only. */
const CUSTOMS = { username: 'smirnov', password: 'Demo12345' };

async function customsPage(browser: Browser, path: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, path, 'ru', { user: CUSTOMS });
  return page;
}

/**
 * Customs requests (docs/requests.md "Customs requests"): a customs request made on its own page, its
 * customs status moved by the customs user (accepted as declarant, processed), and a move refused once the
 * request is locked by its operational status shows the refusal.
 */
test('a customs request, moved by the customs user, refuses a move once locked', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const token = await signIn(page, '/requests');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = `Импортёр ${id}`;
  await api('POST', '/counterparties', { name: client, client: true, countryId: country.id });

  // The new customs request: its own page, the client, the route, the cargo and the transport.
  await page.getByTestId('request-create-customs').click();
  await expect(page).toHaveURL(/\/requests\/customs\/new$/);
  await expect(page.getByTestId('section-customs')).toBeVisible(SAVE_TIMEOUT);
  await choose(page, 'field-clientId', client);
  await page.locator('#route-0-address').fill('Москва, СВХ «Восток»');
  await page.locator('#route-1-address').fill('Алматы, терминал «Достык»');
  await choose(page, 'route-1-countryId', country.name);
  await page.locator('#cargo-description').fill(`Ноутбуки ${id}`);
  await page.getByTestId('section-wanted').getByLabel('Море').check();
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/requests\/customs\/\d+$/, SAVE_TIMEOUT);
  const requestId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('status-customs')).toHaveAttribute('data-status', 'TO_REQUIRED');
  await expect(page.getByTestId('section-route')).toContainText('Алматы, терминал «Достык»');
  expect(await seriousViolations(page)).toEqual([]);

  // The customs user accepts it as declarant and completes the processing.
  const customs = await customsPage(browser, `/requests/customs/${requestId}`);
  const status = customs.getByTestId('status-customs');
  await expect(status).toHaveAttribute('data-status', 'TO_REQUIRED');
  await status.click();
  await customs.getByTestId('status-target-TO_IN_PROCESSING').click();
  await expect(status).toHaveAttribute('data-status', 'TO_IN_PROCESSING', SAVE_TIMEOUT);
  await expect(customs.getByTestId('header-parties')).toContainText('Алексей Смирнов');
  await status.click();
  await customs.getByTestId('status-target-TO_PROCESSING_COMPLETE').click();
  await expect(status).toHaveAttribute('data-status', 'TO_PROCESSING_COMPLETE', SAVE_TIMEOUT);
  await expect(status).toContainText('Обработка завершена');

  // The client orders the clearance.
  const ordered = await api('GET', `/requests/${requestId}`);
  const moved = await page.request.put(`/api/requests/${requestId}/customs-status`, {
    data: { customsStatus: 'TO_AWAITING', version: ordered.version },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await customs.reload();
  await expect(status).toHaveAttribute('data-status', 'TO_AWAITING');
  await status.click();
  await expect(customs.getByTestId('status-target-TO_IN_PROGRESS')).toBeVisible();
  await customs.keyboard.press('Escape');

  // The customs user sees the acceptance offered, but meanwhile the request is refused service: the move
  // is refused with the lock's message.
  const current = await api('GET', `/requests/${requestId}`);
  const refused = await page.request.put(`/api/requests/${requestId}/status`, {
    data: { status: 'NO_SERVICE', reason: 'Клиент отказался', version: current.version },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.ok(), await refused.text()).toBe(true);
  await status.click();
  await customs.getByTestId('status-target-TO_IN_PROGRESS').click();
  // This page is not the test's own, whose snackbar log the helper reads: the error stays 5 s on screen.
  await expect(snackbar(customs)).toContainText('Изменения заблокированы статусом запроса.');
  await expect(status).toHaveAttribute('data-status', 'TO_AWAITING');
});
