import { expect } from '@playwright/test';
import {
  type Api,
  apiOf,
  choose,
  expectSnackbar,
  openRowByEnter,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

/**
 * Operations (issue 6): an order created on its form (a cargo error under its field first), a job added
 * from the order, its stages added and closed, the order's finance control moved with a reason, archived
 * and unarchived by hand, and found in the list by its padded number. The dictionaries the walk needs are
 * created through the API with names unique to the run.
 */

interface Setup {
  client: string;
  product: string;
  jobType: string;
  country: string;
  stages: [string, string];
  reason: string;
}

async function setUp(api: Api): Promise<Setup> {
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  // Outside Russia a counterparty needs no INN.
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const client = `Клиент ${id}`;
  await api('POST', '/counterparties', {
    name: client,
    client: true,
    contractor: true,
    countryId: country.id,
  });
  const product = await api('POST', '/tms/products', { code: `P${id}`, name: `Продукт ${id}` });
  const jobType = `Перевозка ${id}`;
  await api('POST', '/tms/job-types', { code: `J${id}`, name: jobType, productIds: [product.id] });
  const stages: [string, string] = [`Погрузка ${id}`, `Доставка ${id}`];
  await api('POST', '/settings/stage-types', { code: `S1${id}`, name: stages[0], sortOrder: 1 });
  await api('POST', '/settings/stage-types', {
    code: `S2${id}`,
    name: stages[1],
    sortOrder: 2,
    behaviours: ['AUTO_SET_ORDER_COMPLETION_DATE'],
  });
  const reason = `Нет документов ${id}`;
  await api('POST', '/settings/operation-finance-control-status-reasons', { name: reason });
  return { client, product: product.name as string, jobType, country: country.name, stages, reason };
}

/** The id of the first record of `path` that `search` finds. */
async function idOf(api: Api, path: string, search: string): Promise<number> {
  const list = await api('GET', `${path}?search=${encodeURIComponent(search)}`);
  return (list.collection as { id: number }[])[0]!.id;
}

/** An order of the setup's client and product from Moscow to Almaty, created through the API. */
async function newOrder(api: Api, data: Setup) {
  return api('POST', '/tms/orders', {
    clientId: await idOf(api, '/counterparties', data.client),
    productId: await idOf(api, '/tms/products', data.product),
    route: [
      { kind: 'dispatch', address: 'Москва' },
      {
        kind: 'delivery',
        address: 'Алматы',
        countryId: await idOf(api, '/settings/countries', data.country),
      },
    ],
  });
}

test('an order with a job whose stages close; statuses, archive and the list', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/tms/orders');
  const api = apiOf(page, token);
  const data = await setUp(api);
  await expect(page.getByTestId('resource-list')).toBeVisible();

  // The new order: client, product, the two route points, and a cargo below the imperial minimum first.
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/tms\/orders\/new$/);
  await choose(page, 'field-clientId', data.client);
  await choose(page, 'field-productId', data.product);
  await page.locator('#route-0-address').fill('Москва, ул. Складская, 1');
  await page.locator('#route-1-address').fill('Алматы, пр. Абая, 10');
  await choose(page, 'route-1-countryId', data.country);
  await page.getByTestId('cargo-unit-system').getByText('Имперская (фунты, куб. дюймы)').click();
  await page.locator('#cargo-weight').fill('1');
  await page.locator('#cargo-description').fill('Запчасти');
  await page.getByTestId('resource-save').click();
  await expect(page.locator('#cargo-weight-error')).toContainText('2 фунтов', SAVE_TIMEOUT);
  await page.locator('#cargo-weight').fill('250');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/tms\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('order-number')).toHaveText(String(orderId).padStart(6, '0'));
  // The saved order reads first; the weight comes back as typed: stored in kilograms, shown in pounds.
  await expect(page.getByTestId('section-cargo')).toContainText('250');
  await expect(page.locator('#cargo-weight')).toHaveCount(0);

  // READY needs the order's bills: an income bill through the API, in a payment form of the demo data.
  const currencies = (await api('GET', '/settings/currencies?itemsPerPage=300')).collection as {
    id: number;
    code: string;
  }[];
  const rub = currencies.find((c) => c.code === 'RUB')!.id;
  const forms = (await api('GET', '/finances/payment-forms?itemsPerPage=100')).collection as {
    id: number;
    legalEntityId: number;
    currencyId: number;
  }[];
  const form = forms.find((f) => f.currencyId === rub);
  await api('POST', '/finances/bills', {
    number: `E2E-${orderId}`,
    direction: 'INCOME',
    counterpartyId: await idOf(api, '/counterparties', data.client),
    legalEntityId: form!.legalEntityId,
    paymentFormId: form!.id,
    currencyId: form!.currencyId,
    amount: '1000.00',
    date: '2026-01-15',
    recognitionDate: '2026-01-15',
    orderIds: [orderId],
  });
  await page.reload();
  // Finance control: READY, then REJECTED, which asks for a reason.
  const financeControl = page.getByTestId('status-financeControl');
  await financeControl.click();
  await page.getByTestId('status-target-READY').click();
  await expect(financeControl).toHaveAttribute('data-status', 'READY', SAVE_TIMEOUT);
  await financeControl.click();
  await page.getByTestId('status-target-REJECTED').click();
  await page.getByTestId('reason-confirm').click();
  await expect(page.locator('#status-reason-error')).toContainText('Укажите причину', SAVE_TIMEOUT);
  await choose(page, 'status-reason', data.reason);
  await page.getByTestId('reason-confirm').click();
  await expect(financeControl).toHaveAttribute('data-status', 'REJECTED', SAVE_TIMEOUT);

  // A job of the order, starting from the order's route and office.
  await page.getByTestId('tab-jobs').click();
  await page.getByTestId('order-new-job').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${orderId}/jobs/new$`));
  await choose(page, 'field-jobTypeId', data.jobType);
  await choose(page, 'field-contractorId', data.client);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/tms\/jobs\/\d+$/);
  await expect(page.getByTestId('job-number')).toHaveText(/^\d{6}$/);

  // Its stages: both added, then closed in order on today's date.
  await page.getByTestId('tab-stages').click();
  for (const stage of data.stages) {
    await choose(page, 'stage-type', stage);
    await page.getByTestId('stage-add').click();
    await expect(page.getByTestId('stage-row').filter({ hasText: stage })).toBeVisible(SAVE_TIMEOUT);
  }
  for (const stage of data.stages) {
    const row = page.getByTestId('stage-row').filter({ hasText: stage });
    await row.getByTestId('stage-close').click();
    await page.getByTestId('stage-close-confirm').click();
    await expect(row).toHaveAttribute('data-closed', 'true', SAVE_TIMEOUT);
  }
  await expect(page.getByTestId('stage-row').filter({ hasText: data.stages[1] })).toContainText(
    'Проставить дату завершения заказа',
  );

  // The job's orders lead back to the order, archived and unarchived by hand.
  await page.getByTestId('tab-orders').click();
  await page.getByTestId('job-order-row').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${orderId}`));
  await page.getByTestId('order-archive').click();
  await page.getByTestId('archive-confirm-submit').click();
  await expect(page.getByTestId('archived-badge')).toBeVisible(SAVE_TIMEOUT);
  await expect(page.getByTestId('edit-lock')).toBeVisible();
  await page.getByTestId('order-unarchive').click();
  await expect(page.getByTestId('archived-badge')).toHaveCount(0, SAVE_TIMEOUT);

  // The archiver says why it leaves the order: the order has no stages of its own.
  await page.getByTestId('archive-info').click();
  await expect(page.getByTestId('archive-blockers')).toContainText('Нет этапов', SAVE_TIMEOUT);
  await page.keyboard.press('Escape');

  // The order's own stages sit under its jobs: one added there answers that blocker.
  await page.getByTestId('tab-jobs').click();
  const orderJobs = page.getByTestId('order-jobs');
  await choose(page, 'stage-type', data.stages[1]);
  await orderJobs.getByTestId('stage-add').click();
  await expect(orderJobs.getByTestId('stage-row').filter({ hasText: data.stages[1] })).toBeVisible(
    SAVE_TIMEOUT,
  );
  await page.getByTestId('archive-info').click();
  await expect(page.getByTestId('archive-blockers')).not.toContainText('Нет этапов', SAVE_TIMEOUT);
  await page.keyboard.press('Escape');

  // A copy starts from the order's client, product, route and cargo, and saves as a new order.
  await page.getByTestId('order-copy').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/copy/${orderId}$`));
  await expect(page.locator('#field-clientId')).toHaveValue(data.client);
  await expect(page.locator('#route-0-address')).toHaveValue('Москва, ул. Складская, 1');
  await expect(page.locator('#cargo-weight')).toHaveValue('250');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/tms\/orders\/\d+$/);
  expect(Number(page.url().split('/').pop())).toBeGreaterThan(orderId);

  // The list finds the first order by its padded number.
  await page.goto('/tms/orders');
  await page.getByTestId('resource-search').fill(String(orderId).padStart(6, '0'));
  const row = page.getByTestId('resource-row').filter({ hasText: String(orderId).padStart(6, '0') });
  await expect(row).toHaveCount(1, SAVE_TIMEOUT);
  await expect(row).toContainText(data.client);
});

test('archiving asks first and names what is unfinished; Escape and cancel change nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const order = await newOrder(api, data);
  const job = await api('POST', '/tms/jobs', {
    jobTypeId: await idOf(api, '/tms/job-types', data.jobType),
    contractorId: order.clientId,
    orderIds: [order.id],
  });
  // A shipment under way: an open stage on the order and on its job, the job not archived.
  const stageTypeId = await idOf(api, '/settings/stage-types', data.stages[0]);
  await api('POST', `/tms/orders/${order.id}/stages`, { stageTypeId });
  await api('POST', `/tms/jobs/${job.id}/stages`, { stageTypeId });
  const before = await api('GET', `/tms/orders/${order.id}`);

  await page.goto(`/tms/orders/${order.id}`);
  const dialog = page.getByRole('dialog');
  const warnings = page.getByTestId('archive-warnings');
  await page.getByTestId('order-archive').click();
  await expect(dialog).toContainText(`Отправить заказ ${String(order.number).padStart(6, '0')} в архив?`);
  await expect(warnings).toContainText('Не все этапы закрыты', SAVE_TIMEOUT);
  await expect(warnings).toContainText('Не все работы заказа в архиве');
  await expect(page.getByTestId('archive-cancel')).toBeFocused();
  await expect(dialog).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('order-archive').click();
  await expect(warnings).toBeVisible(SAVE_TIMEOUT);
  await page.getByTestId('archive-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('archived-badge')).toHaveCount(0);
  expect(await api('GET', `/tms/orders/${order.id}`)).toMatchObject({
    archived: false,
    version: before.version,
  });

  // Archived knowingly.
  await page.getByTestId('order-archive').click();
  await expect(page.getByTestId('archive-confirm-submit')).toHaveText('Всё равно в архив', SAVE_TIMEOUT);
  await page.getByTestId('archive-confirm-submit').click();
  await expect(page.getByTestId('archived-badge')).toBeVisible(SAVE_TIMEOUT);
  await expect(dialog).toHaveCount(0);

  // A job asks the same, with the job's own reasons.
  await page.goto(`/tms/jobs/${job.id}`);
  await page.getByTestId('job-archive').click();
  await expect(warnings).toContainText('По работе ещё не всё завершено', SAVE_TIMEOUT);
  await expect(warnings).toContainText('Не все этапы закрыты');
  await expect(warnings).not.toContainText('Не все работы заказа в архиве');
  await page.getByTestId('archive-confirm-submit').click();
  await expect(page.getByTestId('archived-badge')).toBeVisible(SAVE_TIMEOUT);
});

test('the lists mark archived orders and jobs, and a row opens its record by a click or Enter', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const archived = await newOrder(api, data);
  const live = await newOrder(api, data);
  const job = await api('POST', '/tms/jobs', {
    jobTypeId: await idOf(api, '/tms/job-types', data.jobType),
    contractorId: archived.clientId,
    orderIds: [archived.id],
  });
  await api('POST', `/tms/jobs/${job.id}/archive`, { version: job.version });
  await api('POST', `/tms/orders/${archived.id}/archive`, { version: archived.version });
  const stageTypeId = await idOf(api, '/settings/stage-types', data.stages[0]);
  await api('POST', `/tms/orders/${live.id}/stages`, { stageTypeId });
  const row = (id: unknown) => page.locator(`[data-testid="resource-row"][data-id="${id}"]`);

  // The default order list, searched for the client: the archived order is marked, the live one not.
  await page.goto(`/tms/orders?search=${encodeURIComponent(data.client)}`);
  await expect(row(archived.id).getByTestId('row-archived')).toHaveText('В архиве', SAVE_TIMEOUT);
  await expect(row(live.id)).toBeVisible();
  await expect(row(live.id).getByTestId('row-archived')).toHaveCount(0);
  // Where it goes and how far along it is, on the row's one line.
  await expect(row(live.id)).toContainText('Москва → Алматы');
  await expect(row(live.id).getByRole('progressbar', { name: 'Закрыто этапов: 0 из 1' })).toHaveCount(1);
  await expect(row(live.id)).toContainText('0/1');
  await expect(row(archived.id).getByRole('progressbar')).toHaveCount(0);
  const height = await row(live.id).evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThan(48);
  // The filters come in groups, as a forwarder looks for an order.
  await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
  const filters = page.getByTestId('resource-filters');
  await expect(filters.getByRole('group', { name: 'Участники' })).toContainText('Клиент');
  await expect(filters.getByRole('group', { name: 'Маршрут и даты' })).toContainText('Отправка');
  await expect(filters.getByRole('group', { name: 'Статусы' })).toContainText('В архиве');

  // A click anywhere on a row opens the record, not only on its number.
  await row(live.id).getByText(data.product).click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${live.id}$`));
  await page.goBack();
  // So does Enter on a row reached by the keyboard.
  await openRowByEnter(page, row(archived.id), new RegExp(`/tms/orders/${archived.id}$`));
  await expect(page.getByTestId('archived-badge')).toBeVisible();
  await page.goBack();
  // The selection checkbox inside a row still selects without opening.
  await row(live.id).getByRole('checkbox').check();
  await expect(page.getByTestId('selection-count')).toHaveText('Выбран 1 элемент');
  await expect(page).toHaveURL(/\/tms\/orders\?/);

  // Jobs: the same marker; the order link inside the row opens the order, the row itself the job.
  await page.goto(`/tms/jobs?search=${encodeURIComponent(data.client)}`);
  await expect(row(job.id).getByTestId('row-archived')).toBeVisible(SAVE_TIMEOUT);
  await row(job.id).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tms/orders/${archived.id}$`));
  await page.goBack();
  await openRowByEnter(page, row(job.id), new RegExp(`/tms/jobs/${job.id}$`));
});

test('the order page keeps the property-view preferences of the user', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/tms/orders');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const products = (await api('GET', `/tms/products?search=${encodeURIComponent(data.product)}`))
    .collection as {
    id: number;
  }[];
  const clients = (await api('GET', `/counterparties?search=${encodeURIComponent(data.client)}`))
    .collection as {
    id: number;
  }[];
  const countries = (await api('GET', `/settings/countries?search=${encodeURIComponent(data.country)}`))
    .collection as { id: number }[];
  const order = await api('POST', '/tms/orders', {
    clientId: clients[0]!.id,
    productId: products[0]!.id,
    route: [
      { kind: 'dispatch', address: 'Москва' },
      { kind: 'delivery', address: 'Алматы', countryId: countries[0]!.id },
    ],
  });
  // The page shows a choice at once and stores it behind; a reload before it is stored would lose it.
  const stored = () =>
    page.waitForResponse(
      (response) =>
        response.url().includes('/api/tms/property-views/') && response.request().method() === 'PUT',
    );
  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('view-menu').click();
  let saving = stored();
  await page.getByTestId('view-default-route').click();
  await saving;
  await page.reload();
  // A full load of the order page on a loaded machine: its code, the record, then the view preferences.
  await expect(page.getByTestId('route-view')).toBeVisible(SAVE_TIMEOUT);
  await page.getByTestId('view-menu').click();
  saving = stored();
  await page.getByTestId('view-expanded').click();
  await expect(page.getByTestId('block-jobs')).toBeVisible();
  await saving;
  await page.reload();
  await expect(page.getByTestId('block-main')).toBeVisible(SAVE_TIMEOUT);
  // Back to tabs opening on main, as a new user has it.
  await page.getByTestId('view-menu').click();
  await page.getByTestId('view-expanded').click();
  await page.getByTestId('view-menu').click();
  await page.getByTestId('view-default-main').click();
  await expect(page.getByTestId('tab-main')).toHaveAttribute('aria-selected', 'true');
});

test('the operations screens have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const order = await newOrder(api, data);
  const job = await api('POST', '/tms/jobs', {
    jobTypeId: await idOf(api, '/tms/job-types', data.jobType),
    contractorId: order.clientId,
    orderIds: [order.id],
  });
  await api('POST', `/tms/jobs/${job.id}/stages`, {
    stageTypeId: await idOf(api, '/settings/stage-types', data.stages[0]),
  });
  const check = async () => expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/dashboard');
  await expect(page.getByTestId('operations-dashboard')).toBeVisible();
  await check();
  await page.goto('/tms/orders');
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  await check();
  await page.goto('/tms/orders/new');
  await expect(page.getByTestId('route-editor')).toBeVisible();
  await check();
  await page.goto(`/tms/orders/${order.id}?tab=jobs`);
  await expect(page.getByTestId('order-job-row')).toHaveCount(1);
  await check();
  await page.goto(`/tms/jobs/${job.id}?tab=stages`);
  await expect(page.getByTestId('stage-row')).toHaveCount(1);
  await check();
});

test('an open order follows changes made elsewhere without losing what is typed', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const order = await newOrder(api, data);
  const version = async () => (await api('GET', `/tms/orders/${order.id}`)).version;

  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('edit-cargo').click();
  const packaging = page.locator('#cargo-packaging');
  await packaging.fill('Паллеты');

  // Archived by someone else while the user types: the header follows, the typing stays, a reload is offered.
  await api('POST', `/tms/orders/${order.id}/archive`, { version: await version() });
  await expect(page.getByTestId('archived-badge')).toBeVisible(SAVE_TIMEOUT);
  await expect(page.getByTestId('changed-elsewhere')).toBeVisible();
  await expect(packaging).toHaveValue('Паллеты');
  await page.getByTestId('changed-elsewhere').getByRole('button').click();
  await expect(page.getByTestId('changed-elsewhere')).toHaveCount(0);
  // The reload drops the typing; the archived order reads, nothing to edit.
  await expect(packaging).toHaveCount(0);
  await expect(page.getByTestId('section-cargo')).not.toContainText('Паллеты');
  await expect(page.getByTestId('edit-cargo')).toHaveCount(0);

  // With nothing typed the page simply shows the newer version.
  await api('POST', `/tms/orders/${order.id}/unarchive`, { version: await version() });
  await expect(page.getByTestId('archived-badge')).toHaveCount(0, SAVE_TIMEOUT);
  await expect(page.getByTestId('changed-elsewhere')).toHaveCount(0);
});

test("an order's and a job's selects offer what the server takes; a refused contractor shows why", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const data = await setUp(api);
  const id = unique();
  const [ofProduct, elsewhere] = [`Таможня ${id}`, `Склад ${id}`];
  const service = await api('POST', '/tms/services', { code: `SA${id}`, name: ofProduct });
  await api('POST', '/tms/services', { code: `SB${id}`, name: elsewhere });
  const product = `Продукт с таможней ${id}`;
  await api('POST', '/tms/products', { code: `PS${id}`, name: product, serviceIds: [service.id] });
  const otherProduct = `Другой продукт ${id}`;
  await api('POST', '/tms/products', { code: `PO${id}`, name: otherProduct });
  const blackListed = `Перевозчик ЧС ${id}`;
  await api('POST', '/counterparties', {
    name: blackListed,
    client: false,
    contractor: true,
    countryId: await idOf(api, '/settings/countries', data.country),
    blackList: true,
    blackListReason: 'Сорванные перевозки',
  });
  const order = await newOrder(api, data);

  // The order's service: only the product's own; another product without it clears it.
  await page.goto('/tms/orders/new');
  await choose(page, 'field-productId', product);
  await page.locator('#field-serviceId').click();
  await page.locator('#field-serviceId').fill(String(id));
  await expect(page.getByRole('option', { name: ofProduct, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: elsewhere, exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: ofProduct, exact: true }).click();
  await expect(page.locator('#field-serviceId')).toHaveValue(ofProduct);
  await choose(page, 'field-productId', otherProduct);
  await expect(page.locator('#field-serviceId')).toHaveValue('');

  // The job's contractor: the black-listed one is found by its name, disabled, with the reason.
  await page.goto(`/tms/orders/${order.id}/jobs/new`);
  await page.locator('#field-contractorId').click();
  await page.locator('#field-contractorId').fill(blackListed);
  const refused = page.getByRole('option', { name: new RegExp(blackListed) });
  await expect(refused).toHaveAttribute('aria-disabled', 'true');
  await expect(refused.getByTestId('option-refusal')).toHaveText('Контрагент в чёрном списке.');
  // Clicking it chooses nothing: the list stays open on it.
  await refused.click({ force: true });
  await expect(refused).toBeVisible();
  await page.locator('#field-contractorId').fill(data.client);
  const allowed = page.getByRole('option', { name: data.client, exact: true });
  await expect(allowed).not.toHaveAttribute('aria-disabled', 'true');
  await allowed.click();
  await expect(page.locator('#field-contractorId')).toHaveValue(data.client);
});
