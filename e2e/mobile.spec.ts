import { expect, type Page } from '@playwright/test';
import { FORWARDER, patchSystem, seriousViolations, signIn, test } from './helpers';

/** Lists on a phone: cards instead of the wide table, and a toolbar of search, one menu and create. */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('the order list on a phone: cards that open their order, a menu of the actions, no sideways scroll', async ({
  page,
}) => {
  // The forwarder's own column choice: the administrator's serves the desktop tests running beside this one.
  await signIn(page, '/tms/orders', 'ru', { user: FORWARDER });
  const cards = page.getByTestId('resource-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('resource-row')).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // The number is the title, the other columns label: value lines.
  const first = cards.first();
  await expect(first.locator('dt').first()).toHaveText('Клиент');
  await expect(first.locator('dt', { hasText: 'Продукт' })).toHaveCount(1);
  const id = await first.getAttribute('data-id');
  // The card is named by its title, the archived marker with the number.
  await expect(page.getByRole('article').first()).toHaveAccessibleName(
    new RegExp(`${String(id).padStart(6, '0')}$`),
  );

  // The toolbar keeps the search and create; the rest is in one menu.
  await expect(page.getByTestId('resource-search')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Создать' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Колонки' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Экспорт в Excel' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Действия со списком' }).click();
  await expect(page.getByRole('menuitem', { name: 'Экспорт в Excel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Фильтры' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Колонки' }).click();
  const choice = page.getByRole('dialog', { name: 'Колонки' });
  await choice.getByRole('checkbox', { name: 'Продукт' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(choice).toHaveCount(0);
  await expect(first.locator('dt', { hasText: 'Продукт' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Действия со списком' }).click();
  await page.getByRole('menuitem', { name: 'Колонки' }).click();
  await choice.getByRole('checkbox', { name: 'Продукт' }).check();
  await page.keyboard.press('Escape');
  await expect(first.locator('dt', { hasText: 'Продукт' })).toHaveCount(1);

  // Export from the menu downloads the list as it is.
  await page.getByRole('button', { name: 'Действия со списком' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Экспорт в Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // A click opens the order.
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${id}$`));
  await page.goBack();
  // The order page has lists of its own, shown as cards on a phone too, and stays until the order list
  // has rendered: the keyboard is tried on the order list's cards.
  const orderCards = page.getByRole('list', { name: 'Заказы', exact: true }).getByTestId('resource-card');
  await expect(orderCards.first()).toHaveAttribute('data-id', String(id));

  // The keyboard goes card, its checkbox, the next card; Enter opens the card it is on.
  await orderCards.first().focus();
  await page.keyboard.press('Tab');
  await expect(orderCards.first().getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(orderCards.nth(1)).toBeFocused();
  const second = await orderCards.nth(1).getAttribute('data-id');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${second}$`));
});

test('a dictionary list on a phone, in the dark theme: a card a record, selection without opening, Enter opens', async ({
  page,
}) => {
  // Dark for this page only: the shared administrator's own setting stays as it is.
  await patchSystem(page, (data) => {
    (data.user as { darkTheme: boolean }).darkTheme = true;
  });
  await signIn(page, '/settings/currencies?search=Japanese');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const card = page.getByTestId('resource-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('JPY');
  await expect(card).toContainText('Японская иена');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Действия со списком' }).click();
  await expect(page.getByRole('menuitem', { name: 'Экспорт в Excel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Колонки' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The checkbox selects and stays on the list.
  await card.getByRole('checkbox').check();
  await expect(page.getByTestId('selection-count')).toHaveText('Выбран 1 элемент');
  await expect(page).toHaveURL(/\/settings\/currencies\?/);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/currencies\/\d+$/);
});

test('an order on a phone: the header takes under half the screen, the statuses one line, icon actions', async ({
  page,
}) => {
  await signIn(page, '/tms/orders', 'ru', { user: FORWARDER });
  await page.getByTestId('resource-card').first().click();
  await expect(page).toHaveURL(/\/tms\/orders\/\d+$/);
  const header = page.getByTestId('operation-header');
  await expect(header).toBeVisible();
  expect((await header.boundingBox())!.height).toBeLessThan(844 / 2);
  // The statuses swipe sideways on one line instead of filling the screen.
  const statuses = page.getByTestId('status-menus').locator(':scope > *');
  const tops = () => statuses.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
  // Measured once the statuses have settled: under load the header can be seen while they still lay out.
  await expect.poll(async () => (await tops()).length).toBeGreaterThan(1);
  await expect.poll(async () => new Set(await tops()).size).toBe(1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // The record's actions are icons whose names stay for assistive technology.
  await expect(page.getByRole('link', { name: 'Копировать' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Вид' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
