import { expect } from '@playwright/test';
import { expectSnackbar, SAVE_TIMEOUT, seriousViolations, signIn, test } from './helpers';

/**
 * Automatic transfers (issue 18), with the keyboard alone: a pair of companies is switched on in the
 * legal-entity rules and saved; on the rules screen "Run now" runs the job and its run is in the log (the
 * demo's own run entered the demo order's transfer before, so this one has nothing to do).
 */
test('legal-entity rules are saved and the job runs now from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/finances/automatic-transfers/legal-entity-rules', 'en');
  const table = page.getByTestId('legal-entity-rules');
  const box = table.getByRole('checkbox').first();
  await expect(box).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const was = await box.isChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked({ checked: !was });
  await page.getByTestId('legal-entity-rules-save').focus();
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'Saved');
  await page.reload();
  await expect(table.getByRole('checkbox').first()).toBeChecked({ checked: !was, ...SAVE_TIMEOUT });

  await page.goto('/finances/automatic-transfers/rules');
  const runs = page.getByTestId('automatic-transfer-runs');
  // The demo's run of the schedule is in the log first.
  await expect(runs).toContainText('Schedule', SAVE_TIMEOUT);
  expect(await seriousViolations(page, '[data-testid="automatic-transfer-runs"]')).toEqual([]);
  const before = await runs.locator('[data-testid^="automatic-transfer-run-"]').count();
  await runs.getByRole('button', { name: 'Run now' }).focus();
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'Run finished: 0 created, 0 errors');
  await expect(runs.locator('[data-testid^="automatic-transfer-run-"]')).toHaveCount(
    before + 1,
    SAVE_TIMEOUT,
  );
});
