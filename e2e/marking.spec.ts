import { expect } from '@playwright/test';
import { apiOf, SAVE_TIMEOUT, seriousViolations, signIn, test, unique } from './helpers';

/**
 * Issue 34: marking codes pasted for a cargo line of the demo coffee order (marking under way): one bad
 * line refuses the whole paste and is named by its line; the good code alone is added to the line.
 */
test('marking codes of a cargo line: a bad line refuses the paste and is named, a good code is added', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = apiOf(page, await signIn(page, '/dashboard'));
  const [order] = (await api('GET', '/tms/orders?markingStatus=marking&itemsPerPage=5')).collection as {
    id: number;
  }[];
  expect(order).toBeDefined();
  await page.goto(`/tms/orders/${order!.id}`);
  await page.getByTestId('tab-marking').click();
  const robusta = '0901210002';
  const line = page.getByTestId(`marking-line-${robusta}`);
  await expect(line).toContainText('3 кода', SAVE_TIMEOUT);
  const good = `(01)04606203084623(21)E2E${unique().replace(/[^0-9a-z]/gi, '')}(93)abcd`;
  const input = page.getByTestId(`marking-add-${robusta}`);
  await input.fill(`${good}\nне код маркировки`);
  await page.getByTestId(`marking-add-submit-${robusta}`).click();
  const errors = page.getByTestId('marking-add-errors');
  await expect(errors).toContainText('1 код не принят — не добавлен ни один', SAVE_TIMEOUT);
  await expect(errors).toContainText('Строка 2:');
  await expect(line).toContainText('3 кода');

  await input.fill(good);
  await page.getByTestId(`marking-add-submit-${robusta}`).click();
  await expect(line).toContainText('4 кода', SAVE_TIMEOUT);
  await expect(errors).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
