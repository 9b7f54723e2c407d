import { expect } from '@playwright/test';
import { apiOf, choose, seriousViolations, signIn, test, unique } from './helpers';

const RULES = '/forwarder-auto-assignment/rules';

/**
 * Forwarders' auto-assignment (docs/assignment.md): two rules on one client in their order, the preview
 * naming the first, the second moved above it with the keyboard, and the preview then naming the second.
 */
test('the rules screen reorders by keyboard and previews who would get a record', async ({ page }) => {
  const token = await signIn(page, RULES);
  const api = apiOf(page, token);
  const id = unique();
  const clients = (await api('GET', '/counterparties?itemsPerPage=1&sort=name&order=asc')).collection as {
    id: number;
    name: string;
  }[];
  const client = clients[0]!;
  const colleague = async (username: string) =>
    (
      (await api('GET', `/users/colleagues?search=${username}`)).collection as {
        id: number;
        contactName: string;
      }[]
    )[0]!;
  const kozlova = await colleague('kozlova');
  const wang = await colleague('wang');
  const first = `Клиент ${id}: Козлова`;
  const second = `Клиент ${id}: Ван`;
  await api('POST', RULES, { name: first, clientIds: [client.id], strategy: 'user', userId: kozlova.id });
  await api('POST', RULES, { name: second, clientIds: [client.id], strategy: 'user', userId: wang.id });

  await page.reload();
  const rows = page.getByTestId('resource-row');
  const names = async () => (await rows.allTextContents()).filter((text) => text.includes(id));
  await expect.poll(names).toEqual([expect.stringContaining(first), expect.stringContaining(second)]);

  const preview = page.getByTestId('assignment-preview');
  await choose(page, 'preview-clientId', client.name);
  await preview.getByTestId('assignment-preview-run').click();
  await expect(page.getByTestId('assignment-preview-result')).toHaveText(
    `Правило «${first}» назначит: ${kozlova.contactName}`,
  );

  // The reorder by keyboard: Tab reaches the button, Enter presses it.
  const up = page.getByRole('button', { name: `Поднять «${second}»` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual([expect.stringContaining(second), expect.stringContaining(first)]);

  await preview.getByTestId('assignment-preview-run').click();
  await expect(page.getByTestId('assignment-preview-result')).toHaveText(
    `Правило «${second}» назначит: ${wang.contactName}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

/**
 * Customs auto-assignment (issue 33): a rule giving the declarant sits beside those giving the customs
 * specialist; the list says whom each gives, and the preview asked for the declarant names it.
 */
test('the customs rules give the declarant as well as the specialist', async ({ page }) => {
  const token = await signIn(page, '/cto-auto-assignment/rules');
  const api = apiOf(page, token);
  const id = unique();
  const point = await api('POST', '/tms/customs-points', {
    code: `E${id}`.replace(/[^0-9A-Za-z]/g, '').slice(0, 16),
    name: `Пост ${id}`,
    countryId: (
      (await api('GET', '/settings/countries?search=RU&itemsPerPage=1')).collection as { id: number }[]
    )[0]!.id,
  });
  const smirnov = (
    (await api('GET', '/users/colleagues?search=smirnov')).collection as { id: number; contactName: string }[]
  )[0]!;
  const name = `Декларант поста ${id}`;
  await api('POST', '/cto-auto-assignment/rules', {
    name,
    assigns: 'declarant',
    customsPointIds: [point.id],
    strategy: 'user',
    userId: smirnov.id,
  });

  await page.reload();
  const row = page.getByTestId('resource-row').filter({ hasText: name });
  await expect(row).toContainText('Декларант');

  const preview = page.getByTestId('assignment-preview');
  await choose(page, 'preview-customsPointId', `Пост ${id}`);
  await page.locator('#preview-assigns').click();
  await page.getByRole('option', { name: 'Декларант', exact: true }).click();
  await preview.getByTestId('assignment-preview-run').click();
  await expect(page.getByTestId('assignment-preview-result')).toHaveText(
    `Правило «${name}» назначит: ${smirnov.contactName}`,
  );
});
