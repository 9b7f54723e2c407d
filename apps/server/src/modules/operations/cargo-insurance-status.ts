import { type CargoInsuranceStatus, cargoInsuranceTransition, type OperationActor } from '@tms/domain';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import { asSystem, type ResourceContext } from '../../platform/resources';
import { orderService } from './operation';

/**
 * The insurance module's door to an order's cargo insurance status (its certificate's status): the move
 * checked by the order's own transitions (`CARGO_INSURANCE_TRANSITIONS`) for the actor the insurance module
 * names, with the certificate's details as the `insuranceDetails` fact; written as the system on the user's
 * behalf (the insurer need not reach the order), logged on the order as `status` with the comment.
 * Answers the status it moved from.
 */
export async function moveCargoInsuranceStatus(
  ctx: ResourceContext,
  orderId: number,
  to: CargoInsuranceStatus,
  options: { actor: OperationActor; insuranceDetailsComplete: boolean; comment?: string | null },
): Promise<CargoInsuranceStatus> {
  const system = asSystem(ctx, 'insurance certificate');
  const order = await orderService.find(system, orderId, { lock: true });
  const from = order.cargoInsuranceStatus;
  const result = cargoInsuranceTransition(from, to, options.actor, {
    operation: 'order',
    archived: order.archived,
    insuranceDetailsComplete: options.insuranceDetailsComplete,
  });
  if (!result.ok) throw fieldError(result.path, result.error);
  if (from === to) return from;
  const comment = options.comment?.trim() || null;
  await orderService.write(
    system,
    order,
    { cargoInsuranceStatus: to },
    { action: 'status', changes: comment ? { comment: { old: null, new: comment } } : {} },
  );
  return from;
}

/**
 * A module that keeps an order's cargo insurance status as its own record's (insurance: the certificate)
 * says so here: the message refusing the generic status change, or null when it keeps nothing for the
 * order. The record's own moves check rules the order's transitions do not know (the insurer's window, the
 * issue's number), so the generic change must not go round them.
 */
export type CargoInsuranceOwner = (tx: Tx, orderId: number) => Promise<string | null>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    cargoInsuranceOwners: CargoInsuranceOwner;
  }
}

/** The first refusal of a module owning the order's cargo insurance status; null: the order's to move. */
export async function cargoInsuranceOwnedBy(
  ctx: { tx: Tx; registries: Registries },
  orderId: number,
): Promise<string | null> {
  for (const owner of ctx.registries.contributions('cargoInsuranceOwners').values()) {
    const refusal = await owner(ctx.tx, orderId);
    if (refusal) return refusal;
  }
  return null;
}
