import {
  CUSTOMS_STATUS_LABELS,
  type CustomsStatus,
  type Money,
  moneyTexts,
  REQUEST_STATUS_LABELS,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { ResourceHooks } from '../../platform/resources';
import type { ChangeContext } from '../../platform/resources/context';
import { notifyCustomsUnassigned } from '../assignment';
import { counterparties } from '../counterparties';
import type { customerRequests } from './tables';

type RequestRow = typeof customerRequests.$inferSelect;

/** The notification types of customer requests (texts: `notifications.json`). */
export const REQUEST_NOTIFICATIONS = {
  // The office hears of each new request; a burst (an import, a tender's lots) is one "12 new requests".
  requestCreated: {
    permission: 'ROLE_REQUEST_VIEW',
    defaultScope: 'office',
    colour: 'violet',
    burst: { windowMinutes: 10 },
  },
  requestStatusChanged: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'direct', colour: 'indigo' },
  requestOfferPriced: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'direct', colour: 'teal' },
  // A changed price is news to fewer people than the first one: off unless chosen.
  requestOfferRepriced: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'off', colour: 'teal' },
  requestCustomsStatusChanged: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'direct', colour: 'grape' },
  requestQuoteAccepted: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'direct', colour: 'green' },
} as const satisfies Record<string, NotificationType>;

/**
 * Who a request concerns: its seller, forwarder, author and (a customs request) its declarant and customs
 * specialist; the client's curators and managers; its office.
 */
export async function requestAudience(tx: Tx, row: RequestRow) {
  const [client] = await tx
    .select({ curators: counterparties.curatorIds, managers: counterparties.managerIds })
    .from(counterparties)
    .where(eq(counterparties.id, row.clientId));
  return {
    direct: [row.sellerId, row.forwarderId, row.createdById, row.declarantId, row.customsSpecialistId],
    related: [...(client?.curators ?? []), ...(client?.managers ?? [])],
    offices: [row.serviceOfficeId],
  };
}

/**
 * Tells the people of a request that an offer has its price (`first`: given with the offer, or the first
 * amounts of an offer that was only asked for, a contractor answering from its cabinet included) or that
 * an offer's price changed.
 */
export async function notifyOfferPriced(
  ctx: ChangeContext,
  request: RequestRow,
  offer: { contractorName: string; amountInBaseCurrency: string | null; baseCurrency: string | null },
  first: boolean,
): Promise<void> {
  await notify(ctx, {
    type: first ? 'requestOfferPriced' : 'requestOfferRepriced',
    params: {
      contractor: offer.contractorName,
      amount:
        offer.amountInBaseCurrency && offer.baseCurrency
          ? moneyTexts(offer.amountInBaseCurrency, offer.baseCurrency)
          : '',
    },
    links: { request: { link: `/requests/${request.id}`, text: String(request.number).padStart(6, '0') } },
    ...(await requestAudience(ctx.tx, request)),
  });
}

/** Tells the people of a request that the client accepted its quote, and in which rate. */
export async function notifyQuoteAccepted(
  ctx: ChangeContext,
  request: RequestRow,
  rate: Money,
): Promise<void> {
  await notify(ctx, {
    type: 'requestQuoteAccepted',
    params: { client: request.clientName, amount: moneyTexts(rate.amount, rate.currency) },
    links: { request: { link: `/requests/${request.id}`, text: String(request.number).padStart(6, '0') } },
    ...(await requestAudience(ctx.tx, request)),
  });
}

/** Tells the people of a customer request of its creation and of its status and customs status moves. */
export function withRequestNotifications<Input extends object>(
  hooks: ResourceHooks<RequestRow, Input>,
): ResourceHooks<RequestRow, Input> {
  return {
    ...hooks,
    async onChange(ctx, event) {
      await hooks.onChange?.(ctx, event);
      const { before, after } = event;
      if (!after) return;
      const link = {
        request: { link: `/requests/${after.id}`, text: String(after.number).padStart(6, '0') },
      };
      if (event.action === 'create') {
        await notify(ctx, {
          type: 'requestCreated',
          params: { client: after.clientName },
          links: link,
          ...(await requestAudience(ctx.tx, after)),
        });
        // A customs request no rule gave a customs specialist waits for the office's customs group.
        if (after.customs && after.customsSpecialistId === null) {
          await notifyCustomsUnassigned(ctx, {
            serviceOfficeId: after.serviceOfficeId,
            link: { link: `/requests/customs/${after.id}`, text: link.request.text },
          });
        }
      } else if (before && before.status !== after.status) {
        await notify(ctx, {
          type: 'requestStatusChanged',
          params: {
            from: REQUEST_STATUS_LABELS[before.status],
            to: REQUEST_STATUS_LABELS[after.status],
          },
          links: link,
          ...(await requestAudience(ctx.tx, after)),
        });
      }
      if (before && after.customsStatus && before.customsStatus !== after.customsStatus) {
        const label = (status: string | null) =>
          status ? (CUSTOMS_STATUS_LABELS[status as CustomsStatus] ?? status) : '';
        await notify(ctx, {
          type: 'requestCustomsStatusChanged',
          params: { from: label(before.customsStatus), to: label(after.customsStatus) },
          links: link,
          ...(await requestAudience(ctx.tx, after)),
        });
      }
    },
  };
}
