import { type CabinetKind, type CabinetNotificationKind, formatCalendarDate, moneyTexts } from '@tms/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import type { DomainEvent } from '../../../platform/events/outbox';
import { textOf } from '../../../platform/i18n/dictionaries';
import type { EventSubscriber } from '../../../platform/modules';
import { payments, printableBills } from '../../finance';
import { jobOrders, jobs, orders, stages } from '../../operations';
import { currencies } from '../../reference-data';
import { customerRequests, requestOffers } from '../../requests';
import { shipmentDocuments, TRANSPORT_ORDER_SENT_EVENT } from '../../shipment-documents';
import { cabinetMails, cabinetNotifications, cabinetUsers } from '../tables';
import { PUBLIC_URL_MARK } from './mail';

/**
 * One thing to tell a counterparty in one of its cabinets (a client in his, a contractor in his portal):
 * what, about which record, and for which of the cabinet's roles.
 */
interface News {
  counterpartyId: number;
  cabinet: CabinetKind;
  kind: CabinetNotificationKind;
  params: Record<string, string>;
  link: string;
  /** Only users holding this role within the cabinet hear of it (bills: finance). */
  role: string | null;
}

const padded = (n: number) => String(n).padStart(6, '0');

/** A closed stage the client is shown (PCC-visible): news to the clients of its order, or of its job's orders. */
async function stageNews(tx: Tx, stageId: number): Promise<News[]> {
  const [stage] = await tx
    .select()
    .from(stages)
    .where(and(eq(stages.id, stageId), eq(stages.pccVisible, true), eq(stages.closed, true)));
  if (!stage) return [];
  const orderIds =
    stage.operationType === 'order'
      ? [stage.operationId]
      : (
          await tx
            .select({ id: jobOrders.orderId })
            .from(jobOrders)
            .where(eq(jobOrders.jobId, stage.operationId))
        ).map((row) => row.id);
  if (!orderIds.length) return [];
  const rows = await tx
    .select({ id: orders.id, number: orders.number, clientId: orders.clientId })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return rows.map((order) => ({
    counterpartyId: order.clientId,
    cabinet: 'client',
    kind: 'stageReached',
    params: { order: padded(order.number), stage: stage.pccName },
    link: `/pcc/orders/${order.id}`,
    role: null,
  }));
}

/** Files added to an order by the forwarder (not the client's own uploads): news to its client. */
async function documentNews(tx: Tx, event: DomainEvent): Promise<News[]> {
  const change = event.changes?.files;
  if (!change || event.actor?.kind === 'cabinet') return [];
  const before = new Set((change.old as string[] | null) ?? []);
  const added = ((change.new as string[] | null) ?? []).filter((name) => !before.has(name));
  if (!added.length) return [];
  const [order] = await tx
    .select({ id: orders.id, number: orders.number, clientId: orders.clientId })
    .from(orders)
    .where(eq(orders.id, event.entityId));
  if (!order) return [];
  return [
    {
      counterpartyId: order.clientId,
      cabinet: 'client',
      kind: 'documentAdded',
      // The change log names a file with its tags ("CMR.pdf (APPLICATION)"): the client reads the name.
      params: {
        order: padded(order.number),
        document: added.map((name) => name.replace(/ \(.*\)$/, '')).join(', '),
      },
      link: `/pcc/orders/${order.id}`,
      role: null,
    },
  ];
}

/** A bill document finalized for the client (issued to him): news to his finance users. */
async function billNews(tx: Tx, billId: number): Promise<News[]> {
  const [bill] = await tx
    .select({ number: printableBills.number, counterpartyId: printableBills.counterpartyId })
    .from(printableBills)
    .where(and(eq(printableBills.id, billId), eq(printableBills.finalized, true)));
  if (!bill) return [];
  return [
    {
      counterpartyId: bill.counterpartyId,
      cabinet: 'client',
      kind: 'billIssued',
      params: { bill: bill.number },
      link: '/pcc/bills',
      role: 'CABINET_FINANCE',
    },
  ];
}

/** A request for an offer sent to a contractor (asked, not priced by us): news to his offers users. */
async function priceAskedNews(tx: Tx, offerId: number): Promise<News[]> {
  const [offer] = await tx
    .select({ contractorId: requestOffers.contractorId, request: customerRequests.number })
    .from(requestOffers)
    .innerJoin(customerRequests, eq(customerRequests.id, requestOffers.requestId))
    .where(
      and(
        eq(requestOffers.id, offerId),
        eq(requestOffers.status, 'REQUESTED'),
        eq(requestOffers.disabled, false),
      ),
    );
  if (!offer?.contractorId) return [];
  return [
    {
      counterpartyId: offer.contractorId,
      cabinet: 'contractor',
      kind: 'priceAsked',
      params: { request: padded(offer.request) },
      link: '/ops/offers',
      role: 'CABINET_OFFERS',
    },
  ];
}

/** A transport order the mail server took for a contractor's job: news to his jobs users. */
async function transportOrderNews(tx: Tx, documentId: number): Promise<News[]> {
  const [sent] = await tx
    .select({ jobId: jobs.id, job: jobs.number, contractorId: jobs.contractorId })
    .from(shipmentDocuments)
    .innerJoin(jobs, eq(jobs.id, shipmentDocuments.operationId))
    .where(
      and(
        eq(shipmentDocuments.id, documentId),
        eq(shipmentDocuments.kind, 'transport-order'),
        eq(shipmentDocuments.operationType, 'job'),
        isNotNull(shipmentDocuments.sentAt),
      ),
    );
  if (!sent?.contractorId) return [];
  return [
    {
      counterpartyId: sent.contractorId,
      cabinet: 'contractor',
      kind: 'transportOrderSent',
      params: { job: padded(sent.job), document: padded(documentId) },
      link: `/ops/jobs/${sent.jobId}`,
      role: 'CABINET_JOBS',
    },
  ];
}

/**
 * A payment with a counterparty: an outgoing one is news to the contractor's finance users (we paid him), an
 * incoming one to the client's (we received his money), however it was made (by hand, a bank statement's
 * import). The amount and date are kept as values (the bell writes them in the reader's language); the mail
 * has them in both.
 */
async function paymentNews(tx: Tx, paymentId: number): Promise<News[]> {
  const [payment] = await tx
    .select({
      counterpartyId: payments.counterpartyId,
      direction: payments.direction,
      number: payments.number,
      date: payments.date,
      amount: payments.amount,
      currency: currencies.code,
    })
    .from(payments)
    .innerJoin(currencies, eq(currencies.id, payments.currencyId))
    .where(eq(payments.id, paymentId));
  if (!payment?.counterpartyId) return [];
  const params = {
    number: payment.number,
    date: payment.date,
    amount: payment.amount,
    currency: payment.currency,
  };
  if (payment.direction === 'OUTGOING')
    return [
      {
        counterpartyId: payment.counterpartyId,
        cabinet: 'contractor',
        kind: 'paymentMade',
        params,
        link: '/ops/payments',
        role: 'CABINET_FINANCE',
      },
    ];
  if (payment.direction === 'INCOMING')
    return [
      {
        counterpartyId: payment.counterpartyId,
        cabinet: 'client',
        kind: 'paymentReceived',
        params,
        link: '/pcc/bills',
        role: 'CABINET_FINANCE',
      },
    ];
  return [];
}

function newsOf(tx: Tx, event: DomainEvent): Promise<News[]> {
  const { entityType, kind, entityId } = event;
  if (entityType === 'stage') return kind === 'close' ? stageNews(tx, entityId) : none;
  if (entityType === 'order') return kind === 'update' ? documentNews(tx, event) : none;
  if (entityType === 'printable_bill') return kind === 'finalize' ? billNews(tx, entityId) : none;
  if (entityType === 'request_offer') return kind === 'create' ? priceAskedNews(tx, entityId) : none;
  if (entityType === TRANSPORT_ORDER_SENT_EVENT.entityType)
    return kind === TRANSPORT_ORDER_SENT_EVENT.kind ? transportOrderNews(tx, entityId) : none;
  if (entityType === 'payment') return kind === 'create' ? paymentNews(tx, entityId) : none;
  return none;
}
const none: Promise<News[]> = Promise.resolve([]);

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

/** A notification's values as a reader of `lang` reads them: an amount with its currency, a date. */
function paramsIn(params: Record<string, string>, lang: 'ru' | 'en'): Record<string, string> {
  const shown = { ...params };
  if (params.amount && params.currency) shown.amount = moneyTexts(params.amount, params.currency)[lang];
  if (params.date) shown.date = formatCalendarDate(params.date);
  return shown;
}

/** The mail of a notification, in both languages as the cabinet's other mails. */
function mailOf(news: News) {
  const say = (part: 'subject' | 'body', lang: 'ru' | 'en') =>
    fill(textOf(`cabinets.mail.notification.${news.kind}.${part}`, lang) ?? news.kind, {
      ...paramsIn(news.params, lang),
      link: `${PUBLIC_URL_MARK}${news.link}`,
    });
  return {
    subject: `${say('subject', 'ru')} / ${say('subject', 'en')}`,
    body: `${say('body', 'ru')}\n\n---\n\n${say('body', 'en')}`,
  };
}

/**
 * Writes, for each active user of the cabinet an event concerns (the client's cabinet, the contractor's
 * portal) of the counterparty the record belongs to, the cabinet's notification of it (once per user and
 * event: a repeated delivery writes nothing again) and, if his mail switch is on, its mail into the
 * cabinets' mail queue (the `cabinets.mail` job sends it). Only that counterparty, in that cabinet, hears
 * of it.
 */
export const cabinetNotificationsSubscriber: EventSubscriber = {
  entities: [
    'stage',
    'order',
    'printable_bill',
    'request_offer',
    TRANSPORT_ORDER_SENT_EVENT.entityType,
    'payment',
  ],
  kinds: ['close', 'update', 'finalize', 'create', TRANSPORT_ORDER_SENT_EVENT.kind],
  changes: true,
  async handle({ tx, clock }, events) {
    for (const event of events) {
      for (const news of await newsOf(tx, event)) {
        const people = await tx
          .select({ id: cabinetUsers.id, email: cabinetUsers.email, mail: cabinetUsers.mailNotifications })
          .from(cabinetUsers)
          .where(
            and(
              eq(cabinetUsers.counterpartyId, news.counterpartyId),
              eq(cabinetUsers.kind, news.cabinet),
              eq(cabinetUsers.disabled, false),
              isNotNull(cabinetUsers.passwordHash),
              news.role ? sql`${news.role} = ANY(${cabinetUsers.roles})` : undefined,
            ),
          );
        if (!people.length) continue;
        const written = await tx
          .insert(cabinetNotifications)
          .values(
            people.map((person) => ({
              cabinetUserId: person.id,
              counterpartyId: news.counterpartyId,
              eventId: event.id,
              kind: news.kind,
              params: news.params,
              link: news.link,
              createdAt: clock(),
            })),
          )
          .onConflictDoNothing()
          .returning({ userId: cabinetNotifications.cabinetUserId });
        const fresh = new Set(written.map((row) => row.userId));
        const mail = mailOf(news);
        const recipients = people.filter((person) => person.mail && fresh.has(person.id));
        if (recipients.length)
          await tx
            .insert(cabinetMails)
            .values(recipients.map((person) => ({ to: person.email, ...mail, createdAt: clock() })));
      }
    }
  },
};
