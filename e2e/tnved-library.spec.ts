import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

/**
 * The TNVED library (issue 33) on the demo's slice of the FNS classifier: a word in another form finds the
 * smartphones' code, a code prefix its heading and codes, a superseded code is shown as no longer valid with
 * its versions.
 */
test('searches the TNVED library by word form and code prefix; a superseded code is shown as such', async ({
  page,
}) => {
  await signIn(page, '/tnved-library');
  const table = page.getByTestId('tnved-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('tnved-library')).toContainText('версия 124 от 15.09.2023');

  const search = page.getByLabel('Поиск', { exact: true });
  await search.fill('смартфон');
  await expect(table.getByRole('row').filter({ hasText: '8517 13 000 0' })).toContainText('смартфоны');
  await expect(page.getByTestId('tnved-total')).toHaveText('2 записи');

  await search.fill('7318 29');
  await expect(page.getByTestId('tnved-entry')).toHaveCount(3);
  await page.locator('label', { hasText: /^Все$/ }).click();
  const superseded = table.getByRole('row').filter({ hasText: '7318 29 000 9' });
  await expect(superseded).toContainText('Утратил силу');
  await expect(superseded).toContainText('01.01.2017 – 31.12.2021');

  // Its versions open from the code, by the keyboard too.
  await superseded.getByRole('button', { name: 'Версии кода 7318 29 000 9' }).focus();
  await page.keyboard.press('Enter');
  const versions = page.getByTestId('tnved-history');
  await expect(versions).toContainText('прочие');
  await expect(versions.getByRole('row')).toHaveCount(2);
});
