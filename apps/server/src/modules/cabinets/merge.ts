import { eq } from 'drizzle-orm';
import type { CounterpartyMergeHook } from '../counterparties';
import { cabinetUsers } from './tables';

/** A merged counterparty's cabinet users go on working for the survivor, his records now theirs. */
export const cabinetsMergeHook: CounterpartyMergeHook = async (tx, fromId, toId) => {
  await tx.update(cabinetUsers).set({ counterpartyId: toId }).where(eq(cabinetUsers.counterpartyId, fromId));
};
