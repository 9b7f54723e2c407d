import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

// The date input as a real screen uses it: the date of a holiday (/holidays/add).
test.describe('date input', () => {
  test('mask, digits only, real dates, invalidDate, Monday first', async ({ page }) => {
    await signIn(page, '/holidays/add');
    const input = page.getByLabel('Дата');
    await expect(input).toHaveAttribute('placeholder', '__.__.____');

    await input.pressSequentially('1a5b0c3x2025');
    await expect(input).toHaveValue('15.03.2025');
    await input.blur();
    await expect(page.getByText('Неверная дата')).toHaveCount(0);

    for (const [typed, shown] of [
      ['29022023', '29.02.2023'],
      ['01132025', '01.13.2025'],
      ['3104202', '31.04.202'],
    ] as const) {
      await input.fill('');
      await input.pressSequentially(typed);
      await expect(input).toHaveValue(shown);
      await input.blur();
      await expect(page.getByText('Неверная дата')).toBeVisible();
    }

    await input.fill('');
    await input.pressSequentially('29022024');
    await input.blur();
    await expect(page.getByText('Неверная дата')).toHaveCount(0);

    await page.getByRole('button', { name: 'Открыть календарь' }).click();
    const firstWeekday = page.locator('thead th').first();
    await expect(firstWeekday).toHaveText(/^пн$/i);
  });
});
