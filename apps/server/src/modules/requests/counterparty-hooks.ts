import { eq } from 'drizzle-orm';
import { type CounterpartyMergeHook, type CounterpartyRenameHook, counterparties } from '../counterparties';
import { customerRequests } from './tables';

/** A merge moves the merged client's requests to the survivor, with the survivor's name. */
export const requestsMergeHook: CounterpartyMergeHook = async (tx, fromId, toId) => {
  const [survivor] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.id, toId));
  await tx
    .update(customerRequests)
    .set({ clientId: toId, clientName: survivor!.name })
    .where(eq(customerRequests.clientId, fromId));
};

/** A renamed client's new name on its requests, for the list and the search. */
export const requestsRenameHook: CounterpartyRenameHook = async (tx, id, name) => {
  await tx.update(customerRequests).set({ clientName: name }).where(eq(customerRequests.clientId, id));
};
