import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

/** The demo customs user: the customs report of his office, and the declarations he may open. */
const CUSTOMS = { username: 'smirnov', password: 'Demo12345' };

/** The day 90 days ago, YYYY-MM-DD: the demo's declarations were filed within the last 40 days. */
const since = () => new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);

test('customs report: from the menu, figures by status, release time, drill-down to a declaration', async ({
  page,
}) => {
  await signIn(page, '/dashboard', 'ru', { user: CUSTOMS });
  const tree = page.getByTestId('nav-tree');
  await page.getByTestId('nav-search').fill('таможенный отчёт');
  await tree.getByRole('link', { name: 'Таможенный отчёт' }).click();
  await expect(page).toHaveURL(/\/reports\/customs-report$/);
  await page.goto(`/reports/customs-report?from=${since()}`);
  const table = page.getByTestId('report-table');
  await expect(table.locator('thead')).toContainText('Время выпуска, медиана, ч');
  await expect(table.locator('thead')).toContainText('90-й перцентиль');
  await expect(table.locator('tbody')).toContainText('Выпуск разрешён');
  await expect(page.getByTestId('report-chart')).toBeVisible();
  // The released declarations' count opens them; the list's total is the figure.
  const figure = page.getByTestId('drill-RELEASED-released');
  const count = (await figure.textContent())?.trim();
  await figure.click();
  const drill = page.getByTestId('report-drill');
  await expect(drill.locator('tfoot td[data-column="declarations"]')).toHaveText(count!);
  await drill.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/tms\/customs\/\d+$/);
  await expect(page.getByTestId('status-declaration')).toHaveAttribute('data-status', /RELEASED/);
});

test('customs monitoring: open declarations live against their deadline in the point’s time zone', async ({
  page,
}) => {
  await signIn(page, '/dashboard', 'ru', { user: CUSTOMS });
  await page.getByTestId('nav-search').fill('мониторинг');
  await page.getByTestId('nav-tree').getByRole('link', { name: 'Мониторинг ДТ' }).click();
  await expect(page).toHaveURL(/\/reports\/customs-monitoring$/);
  await expect(page.getByTestId('report-live')).toBeVisible();
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody')).toContainText('Asia/Vladivostok (UTC+10)');
  await expect(table.locator('thead')).toContainText('Осталось, ч');
  const total = page.getByTestId('drill-total-declarations');
  const count = (await total.textContent())?.trim();
  await total.click();
  const drill = page.getByTestId('report-drill');
  await expect(drill.locator('tbody tr')).toHaveCount(Number(count));
  await page.keyboard.press('Escape');
  await table.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/tms\/customs\/\d+$/);
});
