import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signIn, test } from './helpers';

/** An id no record has: every `{id}` of a route is given it. */
const NO_SUCH_ID = '99999999';

/** The record screens of the spec: every route naming a record by its id (spec/routes.txt). */
const RECORD_ROUTES = readFileSync(path.resolve(import.meta.dirname, '../spec/routes.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.includes('{id}'))
  .map((line) => line.replaceAll('{id}', NO_SUCH_ID));

/**
 * Goes to `target` inside the running app, as a link would: the app stays loaded, so the loop costs a
 * screen's data and code, not a page load each time.
 */
async function goInside(page: Page, target: string) {
  await page.evaluate((to) => {
    const idx = (window.history.state?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `t${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, target);
}

/**
 * A record that does not exist is a screen, not a spinner (issue 38): every record screen the app has
 * answers it the way the order page does, "not found or not available to you" with the way back, and no
 * snackbar repeats it. A route the app has no screen for goes to the dashboard. One page, one sign-in.
 */
test('every record screen answers a record that does not exist with the way back', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, '/dashboard');
  const outcomes: Record<string, string> = {};
  for (const route of RECORD_ROUTES) {
    await goInside(page, route);
    const missing = page.locator(`[data-testid="record-missing"][data-path="${route}"]`);
    outcomes[route] = await Promise.race([
      missing.waitFor({ timeout: 20_000 }).then(() => 'missing'),
      page.waitForURL(/\/dashboard$/, { timeout: 20_000 }).then(() => 'no screen'),
    ]).catch(() => 'neither: a spinner, an error or another screen');
    if (outcomes[route] === 'missing') {
      await expect(missing.getByRole('link')).toBeVisible();
      await expect(page.getByTestId('record-loading')).toHaveCount(0);
    }
  }
  const answered = Object.values(outcomes).filter((outcome) => outcome === 'missing').length;
  expect(
    Object.entries(outcomes).filter(([, outcome]) => outcome !== 'missing' && outcome !== 'no screen'),
  ).toEqual([]);
  // Most record screens exist; a route list that no longer matches the app would pass on nothing.
  expect(answered).toBeGreaterThan(40);
  // The screens said it: no snackbar said "not found" or "access denied" beside them. (Other snackbars may
  // come: the same user's background jobs, which tests running beside this one finish, are announced.)
  const snackbars = await page.evaluate(
    () => (window as unknown as { __snackbars?: string[] }).__snackbars ?? [],
  );
  expect(snackbars.filter((text) => /Не найдено|Доступ запрещён/.test(text))).toEqual([]);
});
