import { eq } from 'drizzle-orm';
import type { CounterpartyMergeHook } from '../counterparties';
import { cabinetApiKeys, cabinetEvents, cabinetUsers } from './tables';

/**
 * A merged counterparty's cabinet users go on working for the survivor, his records now theirs: their keys
 * and what they did in the cabinet (the analytics) go with them.
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
};
