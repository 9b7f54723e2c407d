import { expect } from '@playwright/test';
import {
  apiOf,
  choose,
  expectSnackbar,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

/**
 * Offers and the quote of a request (docs/request-offers.md): the request sent to a contractor, the
 * contractor's price entered in euros and converted at the day's rate (the rate tables price nothing here), the offer chosen, the quote's rates
 * with the margin, the quote sent (its document among the request's files) and marked complete, then the
 * order made from the request shows the request's offers; `/request-offers` finds the offer.
 */
test('request → offers → quote → order', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = await api('POST', '/counterparties', {
    name: `Клиент котировки ${id}`,
    client: true,
    countryId: country.id,
  });
  const carrier = `Перевозчик ${id}`;
  await api('POST', '/counterparties', { name: carrier, contractor: true, countryId: country.id });
  const offerType = `Дверь-дверь ${id}`;
  await api('POST', '/settings/request-offer-types', { code: `dd${id}`, name: offerType });
  const product = `Продукт ${id}`;
  await api('POST', '/tms/products', { code: `Q${id}`, name: product });
  const request = await api('POST', '/requests', {
    clientId: client.id,
    route: [
      { kind: 'dispatch', address: 'Москва, ул. Складская, 1', countryId: country.id },
      { kind: 'delivery', address: 'Алматы, пр. Абая, 10', countryId: country.id },
    ],
    cargo: { description: `Станки ${id}` },
    transportTypes: ['auto'],
  });

  // The request goes to the contractor: one requested offer.
  await page.goto(`/requests/${request.id}`);
  await page.getByTestId('tab-offers').click();
  const block = page.getByTestId('offers-block');
  await expect(block).toContainText('Предложений пока нет');
  // No rate table prices this route: the offer from the computed price says why and writes nothing.
  await block.getByTestId('offer-computed').click();
  await expect(page.getByTestId('computed-offer-error')).toHaveText(
    'Цену невозможно рассчитать по этим параметрам.',
    SAVE_TIMEOUT,
  );
  await page.keyboard.press('Escape');
  await block.getByTestId('offer-send').click();
  const send = page.getByTestId('offer-send-dialog');
  await choose(page, 'offer-send-type', offerType);
  const contractors = send.getByRole('textbox', { name: 'Подрядчики' });
  await contractors.click();
  await contractors.fill(carrier);
  await page.getByRole('option', { name: carrier }).click();
  await send.getByTestId('offer-send-submit').click();
  await expectSnackbar(page, 'Запрос отправлен подрядчикам');
  const row = block.getByTestId('offer-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'REQUESTED');
  await expect(row).toContainText(carrier);

  // The contractor's price, in euros: received, with its amount in roubles at today's rate.
  await row.getByTestId('offer-edit').click();
  const dialog = page.getByTestId('offer-dialog');
  await dialog.getByTestId('offer-amounts-add').click();
  await dialog.getByTestId('offer-amounts-currency-0').click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await dialog.getByTestId('offer-amounts-amount-0').fill('2000');
  await dialog.getByTestId('offer-save').click();
  await expectSnackbar(page, 'Предложение сохранено');
  await expect(row).toHaveAttribute('data-status', 'RECEIVED', SAVE_TIMEOUT);
  await expect(row).toContainText('2 000,00');
  await expect(row).toContainText('по курсу на');
  await row.getByTestId('offer-choose').click();
  await expect(row.getByTestId('offer-choose')).toBeChecked(SAVE_TIMEOUT);

  // The quote: a rate in roubles, the margin against the chosen offer.
  const quote = page.getByTestId('quote-block');
  await quote.getByTestId('quote-rates-add').click();
  await quote.getByTestId('quote-rates-currency-0').click();
  await page.getByRole('option', { name: 'RUB', exact: true }).click();
  await quote.getByTestId('quote-rates-amount-0').fill('1000000');
  await quote.getByTestId('quote-comment').fill('Доставка за 7 дней');
  await quote.getByTestId('quote-save').click();
  await expectSnackbar(page, 'Котировка сохранена');
  await expect(quote.getByTestId('quote-margin-value')).toContainText('%', SAVE_TIMEOUT);
  expect(await seriousViolations(page)).toEqual([]);

  // Sent (the document is the request's file) and marked complete.
  await quote.getByTestId('quote-send').click();
  await expectSnackbar(page, 'Котировка отправлена: документ приложен к файлам запроса');
  await expect(quote.getByTestId('quote-sent')).toBeVisible();
  await expect(quote.getByTestId('quote-download')).toBeVisible();
  await quote.getByTestId('quote-complete').click();
  await expectSnackbar(page, 'Котировка отмечена готовой');
  await expect(page.getByTestId('status-operational')).toHaveAttribute(
    'data-status',
    'QUOTE_COMPLETED',
    SAVE_TIMEOUT,
  );

  // The order made from the request shows the request's offers.
  await page.getByTestId('request-create-order').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/new/from-request/${request.id}$`));
  await choose(page, 'field-productId', product);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/tms\/orders\/\d+$/);
  await page.getByTestId('tab-offers').click();
  const orderOffers = page.getByTestId('operation-offers');
  await expect(orderOffers.getByTestId('offer-row')).toHaveCount(1);
  await expect(orderOffers).toContainText(carrier);
  await expect(orderOffers.getByTestId('offer-edit')).toHaveCount(0);

  // The list of every offer finds it by its contractor.
  await page.goto('/request-offers');
  await page.getByTestId('resource-search').fill(carrier);
  const listed = page.getByTestId('resource-row');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(String(request.number).padStart(6, '0'));
  await expect(listed).toContainText('Получено');
});
