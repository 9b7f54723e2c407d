import { Readable } from 'node:stream';
import { cabinetNotifications } from '../modules/cabinets/tables';
import { paymentForms, printableBills } from '../modules/finance';
import { stages } from '../modules/operations';
import { requestQuotes } from '../modules/requests/tables';
import { fileStorageOf } from '../platform/files/routes';
import { newStorageKey } from '../platform/files/service';
import { files } from '../platform/files/tables';
import { type CabinetCaller, cabinetKey, cabinetUser, cabinetUserKey } from './cabinets';
import type { TestContext } from './harness';
import { createOrder, EDIT_ALL, type OperationsWorld, operationsWorld, route } from './operations-world';
import { currencyId, insertBank, insertLegalEntity } from './reference-rows';
import { signIn } from './users';

/** What one client has in the world: his cabinet user and key, a request, an order with stages, a file, a bill. */
export interface PccClient {
  id: number;
  name: string;
  user: CabinetCaller;
  key: CabinetCaller;
  /** One of his user's own API keys, with all his roles, from any address. */
  userKey: CabinetCaller & { keyId: number };
  requestId: number;
  orderId: number;
  /** The PCC names of the order's stages shown to the client, and the name of one hidden from him. */
  visibleStages: string[];
  hiddenStage: string;
  fileId: number;
  billId: number;
  /** A notification of his cabinet user (a bill issued). */
  notificationId: number;
}

export interface PccWorld {
  world: OperationsWorld;
  a: PccClient;
  b: PccClient;
}

/**
 * Two clients, each with a cabinet user, his own API key and the counterparty's API key, each owning a request (made in his cabinet), an
 * order with a visible and a hidden stage, a document on the order and a finalized bill: the world the
 * cabinet's tests and the isolation suite look at.
 */
export async function pccWorld(ctx: TestContext): Promise<PccWorld> {
  const world = await operationsWorld(ctx);
  const staff = await signIn(ctx, [...EDIT_ALL, 'ROLE_REQUEST_VIEW_ALL']);
  const db = ctx.database.db;
  const legal = await insertLegalEntity(ctx.database);
  const bank = await insertBank(ctx.database, 'RU');
  const rub = await currencyId(ctx.database, 'RUB');
  const [form] = await db
    .insert(paymentForms)
    .values({
      name: 'Безнал',
      legalEntityId: legal.id,
      bankId: bank.id,
      accountNumber: '40702810000000000001',
      currencyId: rub,
    })
    .returning();
  const stageTypeId = await world.stageType('PCC');

  async function client(letter: 'A' | 'B'): Promise<PccClient> {
    const name = `Клиент ${letter}`;
    const id = await world.counterparty({ name, contractor: false });
    const user = await cabinetUser(ctx, id);
    const key = await cabinetKey(ctx, id);
    const userKey = await cabinetUserKey(ctx, user);
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/api/pcc/requests',
      headers: user.headers,
      payload: { route: route(world), cargo: { description: `Груз ${letter}` }, transportTypes: ['auto'] },
    });
    if (request.statusCode !== 201) throw new Error(request.body);
    const order = await createOrder(ctx, world, staff, id, { cargo: { description: `Станки ${letter}` } });
    const visibleStages = [`Груз ${letter} принят`, `Груз ${letter} доставлен`];
    await db.insert(stages).values([
      ...visibleStages.map((pccName, i) => ({
        operationType: 'order' as const,
        operationId: order.id,
        stageTypeId,
        name: `Внутренний этап ${i}`,
        pccName,
        pccVisible: true,
        opsName: '',
        opsVisible: false,
        sortOrder: i,
        expectedDate: `2026-03-0${i + 2}`,
      })),
      {
        operationType: 'order' as const,
        operationId: order.id,
        stageTypeId,
        name: 'Служебный',
        pccName: `Скрытый ${letter}`,
        pccVisible: false,
        opsName: '',
        opsVisible: false,
      },
    ]);
    const storageKey = newStorageKey(new Date());
    await fileStorageOf(ctx.config).put(storageKey, Readable.from(Buffer.from(`CMR ${letter}`)));
    const [file] = await db
      .insert(files)
      .values({
        storageKey,
        description: `CMR ${letter}.pdf`,
        mimeType: 'application/pdf',
        size: 5,
        sha256: '0',
        temporary: false,
        ownerType: 'order',
        ownerId: order.id,
      })
      .returning();
    const [bill] = await db
      .insert(printableBills)
      .values({
        number: `СЧ-${letter}`,
        date: '2026-03-01',
        billIds: [1],
        counterpartyId: id,
        counterpartyName: name,
        legalEntityId: legal.id,
        paymentFormId: form!.id,
        currencyId: rub,
        amount: '1000.00',
        finalized: true,
      })
      .returning();
    // The forwarder's quote on the request, sent to the client (not acceptable yet: the request is not
    // priced), and a notification of his user.
    await db.insert(requestQuotes).values({
      requestId: request.json().data.id,
      rates: [{ amount: '1500.00', currency: 'RUB' }],
      sentAt: new Date('2026-03-01T10:00:00Z'),
    });
    const [notification] = await db
      .insert(cabinetNotifications)
      .values({
        cabinetUserId: user.cabinetUserId!,
        counterpartyId: id,
        eventId: 0,
        kind: 'billIssued',
        params: { bill: `СЧ-${letter}` },
        link: '/pcc/bills',
      })
      .returning();
    return {
      id,
      name,
      notificationId: notification!.id,
      user,
      key,
      userKey,
      requestId: request.json().data.id,
      orderId: order.id,
      visibleStages,
      hiddenStage: `Скрытый ${letter}`,
      fileId: file!.id,
      billId: bill!.id,
    };
  }

  return { world, a: await client('A'), b: await client('B') };
}
