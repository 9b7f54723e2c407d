import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { docx } from './docx';
import { type Api, apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/**
 * Issue 36: a transport order made from a job's page, a forwarding receipt and a signed customer application
 * from an order's page, and a template whose typo is named before saving.
 */

/** A job ready for a transport order: contractor, an expense bill of a demo payment form, a stage. */
async function readyJob(api: Api) {
  const id = unique();
  const countries = (await api('GET', '/settings/countries?itemsPerPage=20')).collection as {
    id: number;
    name: string;
  }[];
  const country = countries.find((c) => c.name !== 'Российская Федерация')!;
  const party = await api('POST', '/counterparties', {
    name: `Перевозчик ${id}`,
    client: true,
    contractor: true,
    countryId: country.id,
    email: `truck-${id}@example.test`,
  });
  const product = await api('POST', '/tms/products', { code: `P${id}`, name: `Продукт ${id}` });
  const jobType = await api('POST', '/tms/job-types', {
    code: `J${id}`,
    name: `Перевозка ${id}`,
    productIds: [product.id],
  });
  const stageType = await api('POST', '/settings/stage-types', {
    code: `S${id}`,
    name: `Погрузка ${id}`,
    sortOrder: 1,
  });
  const order = await api('POST', '/tms/orders', {
    clientId: party.id,
    productId: product.id,
    route: [
      { kind: 'dispatch', address: 'Москва, Складская 1' },
      { kind: 'delivery', address: 'Алматы, Абая 10', countryId: country.id },
    ],
    cargo: { description: 'Станки' },
  });
  const job = await api('POST', '/tms/jobs', {
    jobTypeId: jobType.id,
    contractorId: party.id,
    orderIds: [order.id],
  });
  await api('POST', `/tms/jobs/${job.id}/stages`, { stageTypeId: stageType.id });
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
  // A legal entity with a transport order template: the demo's have one, those other tests make do not.
  const templates = (await api('GET', '/transport-orders/templates?itemsPerPage=100')).collection as {
    legalEntityId: number;
    enabled: boolean;
  }[];
  const templated = new Set(templates.filter((t) => t.enabled !== false).map((t) => t.legalEntityId));
  const form = forms.find((f) => f.currencyId === rub && templated.has(f.legalEntityId))!;
  await api('POST', '/finances/bills', {
    number: `E2E-TO-${id}`,
    direction: 'EXPENSE',
    counterpartyId: party.id,
    legalEntityId: form.legalEntityId,
    paymentFormId: form.id,
    currencyId: rub,
    amount: '90000.00',
    date: '2026-01-15',
    recognitionDate: '2026-01-15',
    jobIds: [job.id],
  });
  return { id, job: job.id as number, email: `truck-${id}@example.test` };
}

test('a transport order made from the job page, with the demo template of the legal entity', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const ready = await readyJob(api);
  await page.goto(`/tms/jobs/${ready.job}`);
  await page.getByTestId('tab-transport-orders').click();
  await expect(page.getByTestId('transport-orders')).toContainText('Заявок перевозчику пока нет.');
  await page.getByTestId('transport-order-vehicle').fill('А123ВС 77');
  await page.getByTestId('transport-order-driverName').fill('Петров П. П.');
  await page.getByTestId('transport-order-make').click();
  await expectSnackbar(page, 'Заявка перевозчику сформирована', { timeout: 60_000 });
  await page.getByTestId('transport-order-link').first().click();
  await expect(page).toHaveURL(/\/transport-orders\/\d+$/);
  await expect(page.getByText('А123ВС 77')).toBeVisible();
  await expect(page.getByTestId('transport-order-pdf')).toContainText('.pdf');
  // It downloads by a signed address (a plain link would carry no token).
  const downloading = page.waitForEvent('download');
  await page.getByTestId('transport-order-pdf').click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByTestId('transport-order-email')).toHaveValue(ready.email);
  // Accepted only once it went out.
  await expect(page.getByTestId('transport-order-accept')).toBeDisabled();
});

test('a template with a typo in a tag names it with its place before it is saved', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/transport-orders/templates/new');
  const id = unique();
  const file = path.join(tmpdir(), `typo-${id}.docx`);
  await writeFile(file, docx(['Заявка № {number}', 'Работа {orderNumbr}', 'Перевозчик {contractorName}']));
  await page.getByTestId('template-name').fill(`С опечаткой ${id}`);
  await page.getByTestId('template-legal-entity').click();
  await page.getByRole('option').first().click();
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('template-file-name')).toHaveText(`typo-${id}.docx`, SAVE_TIMEOUT);
  await expect(page.getByTestId('tag-warnings')).toContainText(
    '{orderNumbr}: основной текст, абзац 2',
    SAVE_TIMEOUT,
  );
  await expect(page.getByTestId('tag-warnings')).not.toContainText('contractorName');
  await page.getByTestId('template-save').click();
  await expectSnackbar(page, 'Шаблон сохранён');
  await expect(page).toHaveURL(/\/transport-orders\/templates\/\d+$/);
});

/** The demo's RUB payment form of a legal entity that has a template at each of `paths` (other tests make some without). */
async function templatedForm(api: Api, paths: string[]) {
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
  const sets = await Promise.all(
    paths.map(async (path) => {
      const rows = (await api('GET', `${path}?itemsPerPage=100`)).collection as {
        legalEntityId: number;
        enabled: boolean;
      }[];
      return new Set(rows.filter((t) => t.enabled !== false).map((t) => t.legalEntityId));
    }),
  );
  const form = forms.find((f) => f.currencyId === rub && sets.every((set) => set.has(f.legalEntityId)))!;
  return { ...form, rub };
}

test('a forwarding receipt and a customer application made on the order page; the signed scan uploaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const order = await newOrder(api);
  const { clientId } = (await api('GET', `/tms/orders/${order.id}`)) as { clientId: number };
  const form = await templatedForm(api, ['/forwarding-receipt-templates', '/customer-application-templates']);
  const entity = (await api('GET', `/settings/legal-entities/${form.legalEntityId}`)) as {
    shortName: string;
  };
  // The client's income bill: its legal entity is the one the order's documents are issued by by default.
  await api('POST', '/finances/bills', {
    number: `E2E-ER-${order.unique}`,
    direction: 'INCOME',
    counterpartyId: clientId,
    legalEntityId: form.legalEntityId,
    paymentFormId: form.id,
    currencyId: form.rub,
    amount: '120000.00',
    date: '2026-01-15',
    recognitionDate: '2026-01-15',
    orderIds: [order.id],
  });
  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('tab-shipment-documents').click();
  const block = page.getByTestId('order-documents');
  await expect(block).toContainText('Экспедиторских расписок и заявок клиента пока нет.');
  await expect(page.locator('#order-document-legal-entity')).toHaveValue(entity.shortName);
  await expect(page.getByRole('radio', { name: 'Экспедиторская расписка' })).toBeChecked();
  await page.getByTestId('order-document-make').click();
  await expectSnackbar(page, 'Документ сформирован', { timeout: 60_000 });
  const rows = block.getByTestId('order-document-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Экспедиторская расписка');
  await expect(rows.first()).toContainText(entity.shortName);
  await expect(rows.first()).toContainText('Не требуется');
  // Its PDF downloads (by a signed address), named after the template and the document.
  const downloading = page.waitForEvent('download');
  await rows.first().getByTestId('order-document-pdf').click();
  expect((await downloading).suggestedFilename()).toMatch(/^Экспедиторская расписка .*\.pdf$/);
  await expect(rows.first().getByTestId('order-document-docx')).toBeVisible();

  // The customer application, chosen and made with the keyboard.
  await page.getByRole('radio', { name: 'Экспедиторская расписка' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Заявка клиента' })).toBeChecked();
  await page.getByTestId('order-document-make').focus();
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'Документ сформирован', { timeout: 60_000 });
  await expect(rows).toHaveCount(2);
  // Newest first.
  const application = rows.first();
  await expect(application).toContainText('Заявка клиента');
  await expect(application.getByTestId('order-document-awaiting')).toHaveText('Ждём подписанную заявку');
  const scan = path.join(tmpdir(), `signed-${order.unique}.pdf`);
  await writeFile(scan, '%PDF-1.4\n% подписано клиентом\n%%EOF\n');
  await application.locator('input[type=file]').setInputFiles(scan);
  await expectSnackbar(page, 'Подписанная заявка загружена');
  await expect(application.getByTestId('order-document-signed')).toContainText('Подписана ');
  await expect(application.getByTestId('order-document-scan')).toBeVisible();
  // The scan is one of the order's files, tagged as the application.
  await page.getByTestId('tab-files').click();
  await expect(page.getByTestId('operation-files')).toContainText(`signed-${order.unique}.pdf`);
});
