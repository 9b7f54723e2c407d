import { type CreditState, moneyTexts } from '@tms/domain';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { ChangeContext } from '../../platform/resources/context';
import { getOptions } from '../options';
import type { counterparties } from './tables';

/** The notification types of counterparties (texts: `notifications.json`). */
export const COUNTERPARTY_NOTIFICATIONS = {
  creditThresholdReached: { permission: 'ROLE_COUNTERPARTY_VIEW', defaultScope: 'direct', colour: 'orange' },
  creditLimitReached: { permission: 'ROLE_COUNTERPARTY_VIEW', defaultScope: 'direct', colour: 'red' },
  counterpartyBlackListed: { permission: 'ROLE_COUNTERPARTY_VIEW', defaultScope: 'office', colour: 'red' },
} as const satisfies Record<string, NotificationType>;

type CounterpartyRow = typeof counterparties.$inferSelect;

/** A counterparty concerns its curators and managers (named) and its service office. */
const audience = (row: CounterpartyRow) => ({
  direct: [...row.curatorIds, ...row.managerIds],
  offices: [row.serviceOfficeId],
});

const linkOf = (row: CounterpartyRow) => ({
  counterparty: { link: `/counterparties/${row.id}`, text: row.name },
});

const RANK: Record<CreditState, number> = { NO_LIMIT: 0, WITHIN: 0, THRESHOLD: 1, EXHAUSTED: 2 };

/** A new obligation takes the client's exposure to its threshold or to its limit: its people hear of it. */
export async function notifyCreditMoved(
  ctx: ChangeContext,
  row: CounterpartyRow,
  from: CreditState,
  to: CreditState,
  exposure: string,
): Promise<void> {
  if (RANK[to] <= RANK[from]) return;
  // Credit is counted in the base currency.
  const { systemCurrencyCode: base } = await getOptions(ctx.tx);
  const amount = (value: string | null) => (value === null ? '' : moneyTexts(value, base));
  await notify(ctx, {
    type: to === 'EXHAUSTED' ? 'creditLimitReached' : 'creditThresholdReached',
    params: {
      exposure: amount(exposure),
      limit: amount(row.creditLimit),
      threshold: amount(row.creditLimitThreshold),
    },
    links: linkOf(row),
    ...audience(row),
  });
}

/** A counterparty was put on the black list: its people and its office hear of it, with the reason. */
export async function notifyBlackListed(ctx: ChangeContext, row: CounterpartyRow): Promise<void> {
  await notify(ctx, {
    type: 'counterpartyBlackListed',
    params: { reason: row.blackListReason },
    links: linkOf(row),
    ...audience(row),
  });
}
