import { paymentForms, payments } from '../modules/finance';
import { stages } from '../modules/operations';
import { requestOffers, requestOfferTypes } from '../modules/requests/tables';
import { shipmentDocuments } from '../modules/shipment-documents/tables';
import { files } from '../platform/files/tables';
import { type CabinetCaller, cabinetKey, cabinetUser } from './cabinets';
import type { TestContext } from './harness';
import { createJob, EDIT_ALL } from './operations-world';
import { type PccWorld, pccWorld } from './pcc-world';
import { currencyId, insertBank, insertLegalEntity } from './reference-rows';
import { signIn } from './users';

/** What one contractor has in the world: his portal's user and key, an offer asked of him, a job, a payment. */
export interface OpsContractor {
  id: number;
  name: string;
  user: CabinetCaller;
  key: CabinetCaller;
  offerId: number;
  jobId: number;
  /** The job's stages: shown in his portal (OPS names, in order) and one hidden from him. */
  openStageIds: number[];
  visibleStages: string[];
  hiddenStageId: number;
  paymentId: number;
  /** A document uploaded to his job from the portal, and a transport order mailed to him for it. */
  fileId: number;
  transportOrderId: number;
}

export interface OpsWorld {
  pcc: PccWorld;
  c: OpsContractor;
  d: OpsContractor;
}

/**
 * Two contractors beside the clients of the PCC world, each with a portal user and an API key, an offer
 * asked of him on client A's request, a job of client A's order given to him with two OPS-visible stages
 * and a hidden one and an outgoing payment (a bill needs its ledger postings; the finance tests make those): the world the portal's tests and the isolation
 * suite look at.
 */
export async function opsWorld(ctx: TestContext): Promise<OpsWorld> {
  const pcc = await pccWorld(ctx);
  const { world } = pcc;
  const db = ctx.database.db;
  const staff = await signIn(ctx, [...EDIT_ALL, 'ROLE_REQUEST_VIEW_ALL']);
  const legal = await insertLegalEntity(ctx.database);
  const bank = await insertBank(ctx.database, 'RU');
  const rub = await currencyId(ctx.database, 'RUB');
  const [form] = await db
    .insert(paymentForms)
    .values({
      name: 'Безнал подрядчикам',
      legalEntityId: legal.id,
      bankId: bank.id,
      accountNumber: '40702810000000000002',
      currencyId: rub,
    })
    .returning();
  const [offerType] = await db
    .insert(requestOfferTypes)
    .values({ code: 'ops-road', name: 'Автоперевозка' })
    .returning();
  const stageTypeId = await world.stageType('OPS');

  async function contractor(letter: 'C' | 'D'): Promise<OpsContractor> {
    const name = `Подрядчик ${letter}`;
    const id = await world.counterparty({ name, client: false });
    const user = await cabinetUser(ctx, id, undefined, 'contractor');
    const key = await cabinetKey(ctx, id);
    const [offer] = await db
      .insert(requestOffers)
      .values({
        requestId: pcc.a.requestId,
        offerTypeId: offerType!.id,
        contractorId: id,
        contractorName: name,
      })
      .returning();
    const job = await createJob(ctx, world, staff, [pcc.a.orderId], { contractorId: id });
    const visibleStages = [`Погрузка ${letter}`, `Доставка ${letter}`];
    const rows = await db
      .insert(stages)
      .values([
        ...visibleStages.map((opsName, i) => ({
          operationType: 'job' as const,
          operationId: job.id,
          stageTypeId,
          name: `Этап ${i}`,
          pccName: '',
          pccVisible: false,
          opsName,
          opsVisible: true,
          sortOrder: i,
        })),
        {
          operationType: 'job' as const,
          operationId: job.id,
          stageTypeId,
          name: 'Служебный',
          pccName: '',
          pccVisible: false,
          opsName: `Скрытый ${letter}`,
          opsVisible: false,
          sortOrder: 5,
        },
      ])
      .returning();
    const common = { legalEntityId: legal.id, paymentFormId: form!.id, currencyId: rub, date: '2026-03-01' };
    const [payment] = await db
      .insert(payments)
      .values({
        ...common,
        number: `ПП-${letter}`,
        direction: 'OUTGOING',
        counterpartyId: id,
        counterpartyName: name,
        amount: '200.00',
        unlinkedAmount: '200.00',
        purpose: `Оплата ${letter}`,
      })
      .returning();
    const [file] = await db
      .insert(files)
      .values({
        storageKey: `ops-world-${letter}-${job.id}`,
        description: `CMR ${letter}.pdf`,
        mimeType: 'application/pdf',
        size: 1,
        sha256: '0',
        temporary: false,
        ownerType: 'job',
        ownerId: job.id,
      })
      .returning();
    const [transportOrder] = await db
      .insert(shipmentDocuments)
      .values({
        kind: 'transport-order',
        operationType: 'job',
        operationId: job.id,
        legalEntityId: legal.id,
        templateName: 'Заявка перевозчику',
        details: { vehicle: `А00${letter}АА77` },
        sentTo: `${letter.toLowerCase()}@ops.test`,
        sentAt: new Date(),
      })
      .returning();
    return {
      id,
      name,
      user,
      key,
      offerId: offer!.id,
      jobId: job.id,
      openStageIds: rows.slice(0, 2).map((r) => r.id),
      visibleStages,
      hiddenStageId: rows[2]!.id,
      paymentId: payment!.id,
      fileId: file!.id,
      transportOrderId: transportOrder!.id,
    };
  }

  return { pcc, c: await contractor('C'), d: await contractor('D') };
}
