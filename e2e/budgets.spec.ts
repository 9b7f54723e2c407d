import { expect } from '@playwright/test';
import { apiOf, expectSnackbar, signIn, test, unique } from './helpers';

/**
 * Budgets (issue 18): a budget with an overhead item and a bill on it; the plan typed in on the budget page
 * is set against the ledger's fact of the bill's recognition month.
 */
test('a budget shows its plan against the actual bills of its items', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=300')).collection as {
    id: number;
    code: string;
  }[];
  const us = countries.find((c) => c.code === 'US')!;
  const currencies = (await api('GET', '/settings/currencies?itemsPerPage=300')).collection as {
    id: number;
    code: string;
  }[];
  const rub = currencies.find((c) => c.code === 'RUB')!;
  const company = await api('POST', '/settings/legal-entities', {
    name: `ООО «Бюджет ${id}»`,
    shortName: `Бюджет ${id}`,
    countryId: us.id,
  });
  const bank = await api('POST', '/banks', { name: `Bank ${id}`, countryId: us.id });
  const form = await api('POST', '/finances/payment-forms', {
    name: `Безнал ${id}`,
    legalEntityId: company.id,
    bankId: bank.id,
    accountNumber: `ACC${id}`.toUpperCase(),
    currencyId: rub.id,
  });
  const landlord = await api('POST', '/counterparties', {
    name: `Арендодатель ${id}`,
    contractor: true,
    countryId: us.id,
  });
  const budget = await api('POST', '/budgets', {
    name: `Бюджет ${id}`,
    year: 2025,
    legalEntityId: company.id,
  });
  const item = await api('POST', '/budget-items', {
    budgetId: budget.id,
    code: '2.1',
    name: `Аренда ${id}`,
    direction: 'EXPENSE',
    kind: 'OVERHEAD',
  });
  await api('POST', '/finances/bills', {
    number: `А-${id}`,
    direction: 'EXPENSE',
    kind: 'OVERHEAD',
    counterpartyId: landlord.id,
    legalEntityId: company.id,
    paymentFormId: form.id,
    currencyId: rub.id,
    amount: '1500.00',
    date: '2025-03-10',
    recognitionDate: '2025-03-10',
    budgetItemId: item.id,
  });

  await page.goto(`/budgets/${budget.id}`);
  await page.getByTestId(`plan-${item.id}-2025-03`).fill('2000');
  await page.getByTestId('save-plans').click();
  await expectSnackbar(page, 'План сохранён');
  await expect(page.getByTestId(`figures-${item.id}-fact-year`)).toHaveText(/^1\s500,00$/);
  await expect(page.getByTestId(`figures-${item.id}-deviation-year`)).toHaveText(/^-500,00$/);
  await expect(page.getByTestId('figures-expense-plan-year')).toHaveText(/^2\s000,00$/);
});
