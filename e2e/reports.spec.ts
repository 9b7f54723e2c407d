import { expect, type Page } from '@playwright/test';
import { expectSnackbar, screenshot, signIn, test } from './helpers';

/** The demo's finance user: every report of the framework, all scopes. */
const FINANCE = { username: 'sidorova', password: 'Demo12345' };

/** Opens a figure's drill-down and checks that its list's total is the figure. */
async function drillSumsTo(page: Page, figureTestId: string, totalColumn: string) {
  const figure = page.getByTestId(figureTestId).first();
  const text = (await figure.textContent())?.trim();
  expect(text).toBeTruthy();
  await figure.click();
  const drill = page.getByTestId('report-drill');
  await expect(drill.locator(`tfoot td[data-column="${totalColumn}"]`)).toHaveText(text!);
  await expect(drill.locator('tbody tr').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drill).toBeHidden();
}

/** Starts the export and waits for its file in the user's background jobs. */
async function exportsInBackground(page: Page, title: string) {
  await page.getByTestId('report-export').click();
  await expectSnackbar(page, 'Выгрузка готовится: она появится в ваших фоновых задачах.');
  await page.goto('/background-jobs');
  const job = page
    .getByTestId('background-jobs-list')
    .locator('[data-state]')
    .filter({ hasText: title })
    .first();
  await expect(job.getByTestId('background-job-download')).toBeVisible({ timeout: 30_000 });
}

test('accounts receivable: /reports opens a report, buckets from the address, chart, drill-down, export', async ({
  page,
}) => {
  await signIn(page, '/reports', 'ru', { user: FINANCE });
  await expect(page).toHaveURL(/\/reports\/gross-profit$/);
  await page.goto('/reports/accounts-receivable');
  const table = page.getByTestId('report-table');
  await expect(table.locator('thead')).toContainText('61–90 дн.');
  // An edited bucket edge goes into the address and the columns.
  const buckets = page.locator('#report-filter-buckets');
  await buckets.fill('15,45');
  await buckets.press('Enter');
  await expect(page).toHaveURL(/buckets=15%2C45/);
  await expect(table.locator('thead')).toContainText('16–45 дн.');
  await expect(table.locator('thead')).toContainText('Более 45 дн.');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await drillSumsTo(page, 'drill-total:base-outstandingBase', 'open');
  await exportsInBackground(page, 'Дебиторская задолженность');
});

test('gross profit: grouped by seller, chart, drill-down to orders, export', async ({ page }) => {
  await signIn(page, '/reports/gross-profit?from=2025-01-01', 'ru', { user: FINANCE });
  await page.locator('#report-filter-groupBy').click();
  await page.getByRole('option', { name: 'Продавец' }).click();
  await expect(page).toHaveURL(/groupBy=seller/);
  await expect(page.getByTestId('report-table').locator('thead')).toContainText('Продавец');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await drillSumsTo(page, 'drill-total-grossProfit', 'grossProfit');
  await exportsInBackground(page, 'Валовая прибыль');
});

test('new clients: by month, chart, drill-down to first orders, export', async ({ page }) => {
  await signIn(page, '/reports/new-clients?from=2025-01-01&groupBy=month', 'ru', { user: FINANCE });
  await expect(page.locator('#report-filter-groupBy')).toHaveValue('Месяц');
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await drillSumsTo(page, 'drill-total-revenue', 'revenue');
  await exportsInBackground(page, 'Новые клиенты');
});

/** A screenshot of the screen for docs/screens when E2E_SCREENSHOTS names a directory. */
const shoot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

test('DSO, DPO and CCC: one screen by type, chart by month, drill-down, export', async ({ page }) => {
  await signIn(page, '/reports/dso?from=2025-01-01', 'ru', { user: FINANCE });
  await expect(page.getByTestId('report-table').locator('thead')).toContainText('DSO, дней');
  await expect(
    page.getByTestId('report-chart').locator('.recharts-bar-rectangle:visible').first(),
  ).toBeVisible();
  await shoot(page, 'reports-dso');
  await drillSumsTo(page, 'drill-total:base-balanceBase', 'value');
  await page.goto('/reports/ccc?from=2025-01-01');
  await expect(page.getByTestId('report-table').locator('thead')).toContainText('CCC, дней');
  await expect(
    page.getByTestId('report-chart').locator('.recharts-bar-rectangle:visible').first(),
  ).toBeVisible();
  await shoot(page, 'reports-ccc');
  await exportsInBackground(page, 'CCC');
});

test('orders by payment form: paid in base drills to its bills', async ({ page }) => {
  await signIn(page, '/reports/orders-by-payment-forms?from=2025-01-01', 'ru', { user: FINANCE });
  await expect(
    page.getByTestId('report-chart').locator('.recharts-bar-rectangle:visible').first(),
  ).toBeVisible();
  await shoot(page, 'reports-orders-by-payment-forms');
  await drillSumsTo(page, 'drill-total:base-paidBase', 'value');
});

test('plan-fact: year to date from the address, plan and fact bars, fact drills to its bills', async ({
  page,
}) => {
  await signIn(page, '/reports/plan-fact-report', 'ru', { user: FINANCE });
  // A yes/no filter is any, yes or no.
  await page.getByTestId('report-filter-ytd').getByText('Да').click();
  await expect(page).toHaveURL(/ytd=true/);
  await expect(page.getByTestId('report-table').locator('thead')).toContainText('Факт/план, %');
  await expect(
    page.getByTestId('report-chart').locator('.recharts-bar-rectangle:visible').first(),
  ).toBeVisible();
  await shoot(page, 'reports-plan-fact');
  await drillSumsTo(page, 'drill-total-fact', 'fact');
});

test('finance registry: documents from the address, a row opens its document', async ({ page }) => {
  await signIn(page, '/reports/finance-registry?from=2025-01-01&documents=payments', 'ru', { user: FINANCE });
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody tr').first()).toContainText('Платёж');
  await expect(table.locator('tbody')).not.toContainText('Счёт');
  // A registry runs long: its first screen shows what it is.
  await shoot(page, 'reports-finance-registry', false);
  await table.locator('tbody tr').first().locator('a').first().click();
  await expect(page).toHaveURL(/\/finances\/payments\/\d+$/);
});

test('trial balance: debits equal credits, a debit drills into the account turnover', async ({ page }) => {
  await signIn(page, '/reports/trial-balance?from=2025-01-01&amounts=base', 'ru', { user: FINANCE });
  const table = page.getByTestId('report-table');
  await expect(table.locator('tfoot')).toContainText('Дебет = кредит');
  const totals = table.locator('tfoot tr').first();
  await expect(totals.locator('td[data-column="debit"]')).toHaveText(
    (await totals.locator('td[data-column="credit"]').textContent())!,
  );
  await drillSumsTo(page, 'drill-RECEIVABLE|RUB-debit', 'debit');
  // The same figure as the account's turnover screen lists it.
  const debit = (await page.getByTestId('drill-RECEIVABLE|RUB-debit').textContent())!.trim();
  await page.goto('/reports/account-turnover?account=RECEIVABLE&from=2025-01-01&amounts=base');
  await expect(
    page.getByTestId('report-table').locator('tfoot tr').nth(1).locator('td[data-column="debit"]'),
  ).toHaveText(debit);
});

test('marginal income: a waterfall from revenue to the result, a step drills to its bills, export', async ({
  page,
}) => {
  await signIn(page, '/reports/marginal-income?from=2025-01-01', 'ru', { user: FINANCE });
  await expect(page.getByTestId('report-table').locator('thead')).toContainText('Маржинальный доход');
  await expect(page.getByTestId('report-chart')).toContainText('Операционный результат');
  await expect(
    page.getByTestId('report-chart').locator('.recharts-bar-rectangle:visible').first(),
  ).toBeVisible();
  await shoot(page, 'reports-marginal-income');
  await drillSumsTo(page, 'drill-total-marginalIncome', 'amount');
  await exportsInBackground(page, 'Маржинальный доход');
});

test('the finance dashboard: overdue receivables, cash and the month against the budget, each opening its report', async ({
  page,
}) => {
  await signIn(page, '/dashboard', 'ru', { user: FINANCE });
  const overdue = page.getByTestId('finance-overdue');
  await expect(overdue).toContainText('RUB');
  await expect(page.getByTestId('finance-cash')).toContainText('₽');
  await expect(page.getByTestId('finance-gross-profit')).toContainText('План');
  await overdue.getByRole('link', { name: 'Открыть отчёт' }).click();
  await expect(page).toHaveURL(/\/reports\/accounts-receivable\?.*overdueOnly=true/);
  await expect(page.getByTestId('report-table')).toBeVisible();
});

test('a forwarder, who reads no finance report, has no finance block on the dashboard', async ({ page }) => {
  await signIn(page, '/dashboard', 'ru', { user: { username: 'ivanov', password: 'Demo12345' } });
  await expect(page.getByTestId('operations-dashboard')).toBeVisible();
  await expect(page.getByTestId('finance-dashboard')).toHaveCount(0);
});
