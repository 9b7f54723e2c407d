import { expect } from '@playwright/test';
import { type Api, apiOf, expectSnackbar, newOrder, signIn, test, unique } from './helpers';

/** A company of the group with a RUB payment form, made through the API. */
async function companyWithForm(api: Api, name: string) {
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
    name: `ООО «${name} ${id}»`,
    shortName: `${name} ${id}`,
    countryId: us.id,
  });
  const bank = await api('POST', '/banks', { name: `Bank ${id}`, countryId: us.id });
  const form = await api('POST', '/finances/payment-forms', {
    name: `Безнал ${name} ${id}`,
    legalEntityId: company.id,
    bankId: bank.id,
    accountNumber: `ACC${id}`.toUpperCase(),
    currencyId: rub.id,
  });
  return { id, country: us.id, rub: rub.id, company: company.id as number, form: form.id as number };
}

/**
 * An order's transfer plan (issue 18): its income arrives at one company, its carrier is paid by another; the
 * plan screen, opened from the order's bills, shows what the other company needs and creates the transfer,
 * after which the order's transfers status is ready.
 */
test("an order's transfer plan creates the missing transfer and the order's transfers become ready", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const order = await newOrder(api);
  const { clientId, number } = await api('GET', `/tms/orders/${order.id}`);
  const home = await companyWithForm(api, 'Доход');
  const payer = await companyWithForm(api, 'Расход');
  const carrier = await api('POST', '/counterparties', {
    name: `Перевозчик ${home.id}`,
    contractor: true,
    countryId: home.country,
  });
  const bill = (values: Record<string, unknown>) =>
    api('POST', '/finances/bills', {
      number: `С-${unique()}`,
      currencyId: home.rub,
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order.id],
      ...values,
    });
  await bill({
    direction: 'INCOME',
    counterpartyId: clientId,
    legalEntityId: home.company,
    paymentFormId: home.form,
    amount: '5000.00',
  });
  await bill({
    direction: 'EXPENSE',
    counterpartyId: carrier.id,
    legalEntityId: payer.company,
    paymentFormId: payer.form,
    amount: '1500.50',
  });

  await page.goto(`/tms/orders/${order.id}`);
  await expect(page.getByTestId('status-transfers')).toContainText('Не готовы');
  await page.getByTestId('tab-bills').click();
  await page.getByTestId('order-transfer-plan').click();
  await expect(page).toHaveURL(new RegExp(`/finances/internal-transfers/from-transfer-plan/${order.id}$`));
  // Titled by the order's number, as people know it, not by its id.
  await expect(page.getByRole('heading', { level: 2 })).toContainText(String(number).padStart(6, '0'));
  const need = page.getByTestId('transfer-plan-need');
  await expect(need).toHaveCount(1);
  await expect(need).toContainText(`Расход ${payer.id}`);
  await expect(page.getByTestId('transfer-plan-missing')).toHaveText(/1\s500,50/);
  await expect(page.getByTestId('transfer-plan-status')).toHaveAttribute('data-status', 'not-ready');

  await page.getByTestId('transfer-plan-create').click();
  await expectSnackbar(page, 'Создан 1 перевод');
  await expect(page.getByTestId('transfer-plan-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('transfer-plan-missing')).toHaveText(/^0,00/);
  await expect(page.getByTestId('transfer-plan-create')).toBeDisabled();

  await page.goto(`/tms/orders/${order.id}`);
  await expect(page.getByTestId('status-transfers')).toContainText('Готовы');
});

/**
 * A budget's plan against actuals (issue 18): a plan set for March through the API, then a bill on the item
 * posts; the budget page shows the plan, the ledger's fact and the deviation.
 */
test('a budget shows the plan of a month, the fact of a bill posted on its item and the deviation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const group = await companyWithForm(api, 'Бюджет');
  const landlord = await api('POST', '/counterparties', {
    name: `Арендодатель ${group.id}`,
    contractor: true,
    countryId: group.country,
  });
  const budget = await api('POST', '/budgets', {
    name: `Бюджет ${group.id}`,
    year: 2026,
    legalEntityId: group.company,
  });
  const item = await api('POST', '/budget-items', {
    budgetId: budget.id,
    code: '3.1',
    name: `Аренда ${group.id}`,
    direction: 'EXPENSE',
    kind: 'OVERHEAD',
  });
  const plans = await page.request.put(`/api/budgets/${budget.id}/plans`, {
    data: { plans: [{ itemId: item.id, month: '2026-03', amount: '1000.00' }] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(plans.ok(), await plans.text()).toBe(true);
  await api('POST', '/finances/bills', {
    number: `А-${group.id}`,
    direction: 'EXPENSE',
    kind: 'OVERHEAD',
    counterpartyId: landlord.id,
    legalEntityId: group.company,
    paymentFormId: group.form,
    currencyId: group.rub,
    amount: '1250.00',
    date: '2026-03-05',
    recognitionDate: '2026-03-05',
    budgetItemId: item.id,
  });

  await page.goto(`/budgets/${budget.id}`);
  await expect(page.getByTestId(`plan-${item.id}-2026-03`)).toHaveValue(/^1\s?000/);
  await expect(page.getByTestId(`figures-${item.id}-fact-year`)).toHaveText(/^1\s250,00$/);
  await expect(page.getByTestId(`figures-${item.id}-deviation-year`)).toHaveText(/^250,00$/);
  await expect(page.getByTestId('figures-expense-plan-year')).toHaveText(/^1\s000,00$/);
});
