import { and, eq, sql } from 'drizzle-orm';
import type { CounterpartyMergeHook } from '../counterparties';
import { cabinetApiKeys, cabinetEvents, cabinetUsers, contractorBills } from './tables';

/**
 * A merged counterparty's cabinet users go on working for the survivor, his records now theirs: their keys
 * and what they did in the cabinet (the analytics) go with them, and so do the bills the contractor sent.
 * A bill whose number the survivor has already sent stays on the merged record (one number per contractor):
 * it is not lost, its job still shows it to the back office.
 */
export const cabinetsMergeHook: CounterpartyMergeHook = async (tx, fromId, toId) => {
  await tx.update(cabinetUsers).set({ counterpartyId: toId }).where(eq(cabinetUsers.counterpartyId, fromId));
  await tx
    .update(cabinetApiKeys)
    .set({ counterpartyId: toId })
    .where(eq(cabinetApiKeys.counterpartyId, fromId));
  await tx
    .update(cabinetEvents)
    .set({ counterpartyId: toId })
    .where(eq(cabinetEvents.counterpartyId, fromId));
  await tx
    .update(contractorBills)
    .set({ counterpartyId: toId })
    .where(
      and(
        eq(contractorBills.counterpartyId, fromId),
        sql`not exists (select 1 from contractor_bills taken
          where taken.counterparty_id = ${toId} and taken.number = ${contractorBills.number})`,
      ),
    );
};
