import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { docx, paragraphs } from './docx';
import { apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/** Documents and folders (issue 19): a folder, a text document written in the editor, found by its text. */
test('a folder with a text document written in the rich-text editor, found by the words of its text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, '/document-folders');
  const id = unique();
  await page.getByTestId('folder-new').click();
  await page.getByTestId('folder-name').fill(`Договоры ${id}`);
  await page.getByTestId('folder-save').click();
  await expect(page.getByTestId('folder-title')).toHaveText(`Договоры ${id}`, SAVE_TIMEOUT);
  await expect(page.getByTestId('folder-empty')).toBeVisible();

  await page.getByTestId('document-new').click();
  await page.getByTestId('document-name').fill(`Договор перевозки ${id}`);
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type(`Перевозка станков ${id} из Казани`);
  await page.getByRole('button', { name: 'Жирный' }).click();
  await page.keyboard.type(' срочно');
  await page.getByTestId('document-save').click();
  await expectSnackbar(page, 'Документ сохранён');
  await expect(page.getByTestId('document-title')).toHaveText(`Договор перевозки ${id}`);
  await expect(page.getByTestId('document-body')).toContainText(`Перевозка станков ${id} из Казани срочно`);
  await expect(page.getByTestId('document-body').locator('strong')).toHaveText('срочно');

  // Processed: locked until unmarked.
  await page.getByTestId('document-process').click();
  await expect(page.getByTestId('document-processed')).toBeVisible(SAVE_TIMEOUT);
  await expect(page.getByTestId('document-edit')).toHaveCount(0);

  // Full-text search finds it by another form of a word of its text.
  await page.getByTestId('folder-path').getByRole('link', { name: 'Все документы' }).click();
  await page.getByTestId('document-search').fill(`перевозку казань ${id}`);
  await expect(page.getByTestId('document-search-results')).toContainText(`Договор перевозки ${id}`);
});

/** The document generator: a .docx template for orders, generated for an order, downloaded and read. */
test('a .docx template for orders generates an order document whose text is the order', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page, '/document-generator/templates/new');
  const api = apiOf(page, token);
  const id = unique();
  const file = path.join(tmpdir(), `template-${id}.docx`);
  await writeFile(
    file,
    docx(['Заявка на перевозку № {number}', 'Клиент: {clientName}', '{#route}', '{address}', '{/route}']),
  );

  await page.getByTestId('template-name').fill(`Заявка ${id}`);
  await page.getByTestId('template-initiator').click();
  await page.getByRole('option', { name: 'Заказ' }).click();
  await expect(page.getByTestId('field-picker')).toContainText('{clientName}');
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('template-file-name')).toHaveText(`template-${id}.docx`, SAVE_TIMEOUT);
  await page.getByTestId('template-save').click();
  await expectSnackbar(page, 'Шаблон сохранён');
  await expect(page).toHaveURL(/\/document-generator\/templates\/\d+$/);
  const templateId = Number(page.url().split('/').pop());

  const order = await newOrder(api);
  const number = String(order.id).padStart(6, '0');
  await page.goto(`/document-generator/initiator/order/preview/${order.id}`);
  await expect(page.getByTestId('preview-values')).toContainText(`Клиент ${order.unique}`);
  const downloading = page.waitForEvent('download');
  await page.getByTestId(`generate-${templateId}`).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Заявка ${id} ${number}.docx`);
  const content = await readFile((await download.path())!);
  expect(paragraphs(content)).toEqual([
    `Заявка на перевозку № ${number}`,
    `Клиент: Клиент ${order.unique}`,
    'Москва, Тверская 1',
    'Berlin, Unter den Linden 1',
  ]);
  // The generated document is one of the order's files.
  const files = (await api('GET', `/tms/orders/${order.id}/files`)).collection as { description: string }[];
  expect(files.map((f) => f.description)).toContain(`Заявка ${id} ${number}.docx`);
});
