import { expect, type Page } from '@playwright/test';
import { apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/** Picks an option of a plain (not lazy) Mantine select or multi-select by its visible text. */
async function pick(page: Page, testId: string, option: string) {
  const input = page.getByTestId(testId);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  // A searchable select narrows its options by the typed text; a plain one is only opened.
  if (await input.isEditable()) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).first().click();
  await page.keyboard.press('Escape');
}

/** Drags a connection from one state's source handle to another state in the React Flow graph. */
async function drawTransition(page: Page, from: string, to: string) {
  const graph = page.getByTestId('workflow-graph');
  await graph.scrollIntoViewIfNeeded();
  const source = graph.locator('.react-flow__node', { hasText: from }).locator('.react-flow__handle-bottom');
  const target = graph.locator('.react-flow__node', { hasText: to }).locator('.react-flow__handle-top');
  const start = (await source.boundingBox())!;
  const end = (await target.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('a workflow is built with the form and the graph, and an order moves through it', async ({ page }) => {
  const token = await signIn(page, '/workflow-descriptions/new');
  const name = `Проверка документов ${unique()}`;
  await page.locator('#field-name').fill(name);

  // States with the form (the keyboard way): three of them, the first is the initial one.
  for (let i = 0; i < 3; i++) await page.getByTestId('add-state').click();
  const names = ['Получены', 'Проверены', 'Отправлены'];
  for (const [i, state] of names.entries()) await page.getByTestId(`state-name-${i}`).fill(state);
  await expect(page.getByTestId('state-initial-0')).toBeChecked();

  // The first transition with the form: received → checked, by whoever edits all orders.
  await page.getByTestId('add-transition').click();
  await pick(page, 'transition-roles-0', 'Заказы: редактирование (все)');

  // The second one drawn in the graph: checked → sent, only for an order whose cargo is not described yet.
  await drawTransition(page, 'Проверены', 'Отправлены');
  await expect(page.getByTestId('transition-1')).toBeVisible();
  await expect(page.getByTestId('transition-source-1')).toHaveValue('Проверены');
  await expect(page.getByTestId('transition-target-1')).toHaveValue('Отправлены');
  await pick(page, 'transition-roles-1', 'Заказы: редактирование (все)');
  await page.getByTestId('add-condition-1').click();
  await pick(page, 'condition-field-1-0', 'Описание груза');
  await pick(page, 'condition-rule-1-0', 'должно быть пустым');

  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/workflow-descriptions\/\d+$/, SAVE_TIMEOUT);

  // The order's workflows block: start it, move it, and see the refused step name its unmet field.
  const order = await newOrder(apiOf(page, token));
  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('tab-workflows').click();
  await pick(page, 'workflow-start-select', name);
  await page.getByTestId('workflow-start').click();
  await expectSnackbar(page, 'Рабочий процесс запущен');
  const state = page.getByTestId('record-workflows').getByTestId('workflow-state');
  await expect(state).toHaveText('Получены');

  await page.getByRole('button', { name: 'Проверены' }).click();
  await expect(state).toHaveText('Проверены', SAVE_TIMEOUT);
  await expect(page.getByTestId('workflow-unmet')).toContainText('Описание груза');

  await page.getByRole('button', { name: 'Отправлены' }).click();
  await expect(page.getByTestId('workflow-refusal')).toContainText(
    'Описание груза: Должно быть пустым',
    SAVE_TIMEOUT,
  );
  await expect(state).toHaveText('Проверены');
  await expect(page.getByTestId('record-workflows')).toContainText('«Получены» → «Проверены»');
});
