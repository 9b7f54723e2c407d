import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN, createUserReady, test } from './helpers';

/**
 * Saved filters and column choice, per user: kept on the server, so they follow the user to a new
 * browser. A user of its own keeps the shared administrator's lists untouched for parallel tests.
 */

interface Account {
  id: number;
  username: string;
  password: string;
}

const PASSWORD = 'ListViews2025!';

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function createAccount(request: APIRequestContext): Promise<Account> {
  const admin = await tokenOf(request, ADMIN.username, ADMIN.password);
  const username = `views_${randomBytes(4).toString('hex')}`;
  const user = await createUserReady(
    request,
    admin,
    { username, contactName: 'Saved filters E2E', locale: 'en-US', roles: ['ROLE_ADMIN'] },
    PASSWORD,
  );
  return { id: user.id, username, password: PASSWORD };
}

/** Signs `account` in the way the app keeps a session, in English, then opens `path`. */
async function signInAs(page: Page, account: Account, path: string, storage: Record<string, string> = {}) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string; tokenExpire: number } };
  const seed = {
    'tms.auth': JSON.stringify({
      token: data.token,
      tokenExpire: data.tokenExpire,
      legacyToken: null,
      lastRefresh: Date.now(),
    }),
    'tms.language': 'en',
    ...storage,
  };
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, seed);
  await page.goto(path);
  // The first screen of a fresh server loads its chunks and dictionaries cold.
  await expect(page.getByTestId('resource-list')).toBeVisible({ timeout: 30_000 });
}

test('a saved filter is applied from the menu, and the default one opens with the list', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInAs(page, account, '/tms/orders?financeControlStatus=READY');
  const button = page.getByTestId('saved-filters');
  await expect(button).toHaveText('Saved filters');

  await button.click();
  await page.getByTestId('save-filter').click();
  const dialog = page.getByRole('dialog', { name: 'Save the current filter' });
  await dialog.getByLabel('Name').fill('Ready for control');
  await dialog.getByTestId('saved-filter-save').click();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveText('Ready for control');

  // The same name again is refused under the field.
  await button.click();
  await page.getByTestId('save-filter').click();
  await dialog.getByLabel('Name').fill('Ready for control');
  await dialog.getByTestId('saved-filter-save').click();
  await expect(dialog.getByText('A saved filter with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await page.goto('/tms/orders?archived=true');
  await expect(button).toHaveText('Saved filters');
  await button.click();
  await page.getByTestId('saved-filter').filter({ hasText: 'Ready for control' }).click();
  await expect(page).toHaveURL(/\/tms\/orders\?financeControlStatus=READY$/);
  await expect(button).toHaveText('Ready for control');

  // Made the default through the keyboard, it opens with the list when the address holds no filter.
  await button.click();
  await page.getByTestId('manage-filters').click();
  const manage = page.getByRole('dialog', { name: 'Saved filters' });
  const makeDefault = manage.getByRole('checkbox', { name: 'Open by default: Ready for control' });
  await makeDefault.focus();
  await page.keyboard.press('Space');
  await expect(makeDefault).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();

  await page.goto('/tms/orders');
  await expect(page).toHaveURL(/\/tms\/orders\?financeControlStatus=READY$/);
  await expect(button).toHaveText('Ready for control');
  const listCall = await page.request.get('/api/list-views/order', {
    headers: { authorization: `Bearer ${await tokenOf(page.request, account.username, account.password)}` },
  });
  const { data } = (await listCall.json()) as { data: { views: { name: string; isDefault: boolean }[] } };
  expect(data.views).toEqual([expect.objectContaining({ name: 'Ready for control', isDefault: true })]);
});

test('the column choice follows the user to a new browser, and an older browser choice moves to the server', async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request);
  await signInAs(page, account, '/tms/orders');
  // A column's header by its text (a sortable one is a button, not a plain column header).
  const header = (p: Page, name: string) => p.locator('thead').getByText(name, { exact: true });
  await expect(header(page, 'Route')).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/list-views/order/columns') && r.request().method() === 'PUT',
  );
  await page.getByRole('checkbox', { name: 'Route' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(header(page, 'Route')).toBeHidden();

  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    await signInAs(fresh, account, '/tms/orders');
    await expect(header(fresh, 'Product')).toBeVisible();
    await expect(header(fresh, 'Route')).toBeHidden();
  } finally {
    await context.close();
  }

  // A choice this browser kept before the server did is moved there once and forgotten here.
  const storageKey = `tms.columns.${account.id}.job`;
  const other = await browser.newContext();
  try {
    const older = await other.newPage();
    const moved = older.waitForResponse(
      (r) => r.url().endsWith('/api/list-views/job/columns') && r.request().method() === 'PUT',
    );
    await signInAs(older, account, '/tms/jobs', { [storageKey]: JSON.stringify(['number', 'contractorId']) });
    expect((await moved).ok()).toBe(true);
    await expect(header(older, 'Contractor')).toBeVisible();
    await expect(header(older, 'Job type')).toBeHidden();
    await expect.poll(() => older.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
  } finally {
    await other.close();
  }
});
