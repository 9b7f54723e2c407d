import type { CabinetEvent, CabinetKind } from '@tms/domain';
import type { Tx } from '../../../db/connection';
import type { Principal } from '../../../platform/auth/context';
import { cabinetEvents } from '../tables';

/** Who did something in a cabinet: its user (null for the counterparty's key), his key if one acted, from where. */
export interface CabinetActor {
  kind: CabinetKind;
  counterpartyId: number;
  cabinetUserId: number | null;
  apiKeyId?: number | null;
  ip?: string | null;
}

/** The cabinet acting in a call, as the event log names it; none for staff and the system. */
export function cabinetActorOf(auth: Principal, ip?: string): CabinetActor | null {
  if (auth.kind !== 'cabinet') return null;
  return {
    kind: auth.cabinetKind,
    counterpartyId: auth.counterpartyId,
    cabinetUserId: auth.cabinetUserId,
    apiKeyId: auth.apiKeyId ?? null,
    ip: ip ?? null,
  };
}

/**
 * Logs what happened in a cabinet for the PCC analytics (docs/reports.md "PCC analytics"): the one function
 * the cabinets' routes call where a sign-in, a tracking view, a download, a request or a booking happens, in
 * the transaction of what it logs (a refused call logs nothing). Staff and the system are no cabinet: nothing.
 */
export async function logCabinetEvent(
  tx: Tx,
  actor: CabinetActor | null,
  event: CabinetEvent,
  at: Date,
  about?: { type: string; id: number },
): Promise<void> {
  if (!actor) return;
  await tx.insert(cabinetEvents).values({
    at,
    kind: actor.kind,
    counterpartyId: actor.counterpartyId,
    cabinetUserId: actor.cabinetUserId,
    apiKeyId: actor.apiKeyId ?? null,
    event,
    entityType: about?.type ?? null,
    entityId: about?.id ?? null,
    ip: actor.ip ?? null,
  });
}
