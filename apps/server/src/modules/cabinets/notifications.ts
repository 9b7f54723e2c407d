import type { CabinetNotificationKind } from '@tms/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { DomainEvent } from '../../platform/events/outbox';
import { textOf } from '../../platform/i18n/dictionaries';
import type { EventSubscriber } from '../../platform/modules';
import { printableBills } from '../finance';
import { jobOrders, orders, stages } from '../operations';
import { PUBLIC_URL_MARK } from './mail';
import { cabinetMails, cabinetNotifications, cabinetUsers } from './tables';

/** One thing to tell a client: what, about which record, and for which of his cabinet's roles. */
interface News {
  counterpartyId: number;
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
      kind: 'billIssued',
      params: { bill: bill.number },
      link: '/pcc/bills',
      role: 'CABINET_FINANCE',
    },
  ];
}

function newsOf(tx: Tx, event: DomainEvent): Promise<News[]> {
  if (event.entityType === 'stage') return event.kind === 'close' ? stageNews(tx, event.entityId) : none;
  if (event.entityType === 'order') return documentNews(tx, event);
  if (event.entityType === 'printable_bill')
    return event.kind === 'finalize' ? billNews(tx, event.entityId) : none;
  return none;
}
const none: Promise<News[]> = Promise.resolve([]);

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

/** The mail of a notification, in both languages as the cabinet's other mails. */
function mailOf(news: News) {
  const say = (part: 'subject' | 'body', lang: 'ru' | 'en') =>
    fill(textOf(`cabinets.mail.notification.${news.kind}.${part}`, lang) ?? news.kind, {
      ...news.params,
      link: `${PUBLIC_URL_MARK}${news.link}`,
    });
  return {
    subject: `${say('subject', 'ru')} / ${say('subject', 'en')}`,
    body: `${say('body', 'ru')}\n\n---\n\n${say('body', 'en')}`,
  };
}

/**
 * Writes, for each active cabinet user of the client an event concerns, the cabinet's notification of it
 * (once per user and event: a repeated delivery writes nothing again) and, if his mail switch is on, its
 * mail into the cabinets' mail queue (the `cabinets.mail` job sends it). Only the counterparty the record
 * belongs to hears of it.
 */
export const cabinetNotificationsSubscriber: EventSubscriber = {
  entities: ['stage', 'order', 'printable_bill'],
  kinds: ['close', 'update', 'finalize'],
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
