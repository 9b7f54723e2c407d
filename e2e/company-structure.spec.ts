import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

// The demo structure (db/seed/demo-company-structure.ts): Operations › Forwarding, its head Ivanov over the
// forwarders Kozlova and Wang.
test('the structure tree: search, expand, head-counts and a refused cycle', async ({ page }) => {
  await signIn(page, '/company-structure/tree-structure/items');
  const tree = page.getByTestId('structure-tree');
  await expect(tree.getByRole('link', { name: 'Операции', exact: true })).toBeVisible();
  await tree.getByTestId('structure-search').fill('Wang');
  await expect(tree.getByText('Wang Li, Анна Козлова')).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Коммерция', exact: true })).toHaveCount(0);
  await tree.getByTestId('structure-search').fill('');
  await tree.getByRole('button', { name: 'Развернуть всё' }).click();
  const forwarding = tree
    .locator('li', { has: page.getByRole('link', { name: 'Экспедирование', exact: true }) })
    .first();
  // Ivanov heads it, Kozlova and Wang forward: three people.
  await expect(forwarding.getByLabel('3 сотрудника').first()).toBeVisible();
  await tree.getByRole('button', { name: 'Переместить: Операции' }).click();
  // The block's own departments are no targets: a cycle cannot even be chosen.
  await page.getByTestId('move-target').click();
  await expect(page.getByRole('option', { name: /Экспедирование/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Отмена' }).click();
});

test('the structure chart draws every root and exports a PNG', async ({ page }) => {
  await signIn(page, '/company-structure/tree-structure/graph');
  const chart = page.getByTestId('structure-graph');
  for (const root of ['Операции', 'Коммерция', 'Финансы и администрация'])
    await expect(chart.getByText(root, { exact: true })).toBeAttached();
  await expect(chart.getByText('Руководитель экспедирования')).toBeAttached();
  // The keyboard: a card is the tab stop, the arrows walk the hierarchy, Enter opens the node reached.
  const operations = chart.getByRole('button', { name: /^Операции:/ });
  await operations.focus();
  await page.keyboard.press('ArrowDown');
  const reached = page.locator('[data-testid^="chart-node-"]:focus');
  await expect(reached).not.toHaveAccessibleName(/^Операции:/);
  const id = (await reached.getAttribute('data-testid'))!.replace('chart-node-', '');
  await page.keyboard.press('ArrowUp');
  await expect(operations).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/company-structure/tree-structure/items/${id}$`));
  await page.goBack();
  const download = page.waitForEvent('download');
  await chart.getByTestId('export-png').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('struktura-kompanii.png');
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(1, 4).toString()).toBe('PNG');
});
