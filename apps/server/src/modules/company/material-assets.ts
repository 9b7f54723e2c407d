import { decimalCompare, MATERIAL_ASSET_MESSAGES, MESSAGES, materialAssetResource } from '@tms/domain';
import { eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { ErrorCollector, forbidden } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { hasAnyRole } from '../../platform/permissions/check';
import { afterUpdate, registerResource } from '../../platform/resources';
import type { ResourceContext } from '../../platform/resources/service';
import { materialAssets } from './tables';

/** What the material assets' rules need of the bill that bought an asset. */
export interface MaterialAssetBill {
  direction: 'INCOME' | 'EXPENSE' | string;
  amount: string;
  currencyId: number;
}

/**
 * The bill of that id as the user reads it (null: none, or out of the user's reach): finance contributes it,
 * as finance builds on this module and not the other way round.
 */
export type MaterialAssetBillSource = (
  ctx: ResourceContext,
  billId: number,
) => Promise<MaterialAssetBill | null>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    materialAssetBills: MaterialAssetBillSource;
  }
}

async function billOf(ctx: ResourceContext, billId: number): Promise<MaterialAssetBill | null> {
  for (const source of ctx.registries.contributions('materialAssetBills').values()) {
    const bill = await source(ctx, billId);
    if (bill) return bill;
  }
  return null;
}

/** The register's managers change every asset; "Bills: material assets" only those bought by a bill. */
const managesRegister = (auth: Principal) => hasAnyRole(auth, ['ROLE_MATERIAL_ASSETS']);

function writeScope(auth: Principal): SQL | undefined {
  return managesRegister(auth) ? undefined : isNotNull(materialAssets.billId);
}

/**
 * An asset's rules (docs/finance.md "Material assets"), every refusal at once: a cost has its currency; an asset
 * of a bill is of an expense bill the user reads, in its currency and for its amount (spec §8); without the
 * register's role an asset is entered for a bill.
 */
async function checkMaterialAsset(
  ctx: ResourceContext,
  record: { amount?: string | null; currencyId?: number | null; billId?: number | null },
): Promise<undefined> {
  const errors = new ErrorCollector();
  if (record.amount != null && record.currencyId == null) {
    errors.add(['currencyId'], MATERIAL_ASSET_MESSAGES.currencyRequired);
  }
  const billId = record.billId ?? null;
  if (billId === null) {
    if (!managesRegister(ctx.auth)) errors.add(['billId'], MATERIAL_ASSET_MESSAGES.billRequired);
  } else {
    const bill = await billOf(ctx, billId);
    if (!bill) errors.add(['billId'], MESSAGES.invalid);
    else if (bill.direction !== 'EXPENSE') errors.add(['billId'], MATERIAL_ASSET_MESSAGES.billDirection);
    else {
      const { amount } = record;
      if (amount == null || decimalCompare(amount, bill.amount) !== 0) {
        errors.add(['amount'], MATERIAL_ASSET_MESSAGES.amountMismatch);
      }
      if (record.currencyId != null && record.currencyId !== bill.currencyId) {
        errors.add(['currencyId'], MATERIAL_ASSET_MESSAGES.currencyMismatch);
      }
    }
  }
  errors.throwIfAny();
  return undefined;
}

/** A bill that bought material assets no longer changes nor goes (their amount is its): finance's blocker. */
export async function billHasMaterialAssets(tx: Tx, billId: number): Promise<string | false> {
  const [row] = await tx
    .select({ id: materialAssets.id })
    .from(materialAssets)
    .where(eq(materialAssets.billId, billId))
    .limit(1);
  return row ? MATERIAL_ASSET_MESSAGES.billHasAssets : false;
}

/** The register of material assets (`/material-assets`). */
export function registerMaterialAssetRoutes(app: App): void {
  registerResource(app, materialAssetResource, materialAssets, {
    hooks: {
      scope: (auth, access) => (access === 'read' ? undefined : writeScope(auth)),
      beforeCreate: (ctx, values) => checkMaterialAsset(ctx, values),
      beforeUpdate: (ctx, values, existing) => checkMaterialAsset(ctx, afterUpdate(values, existing)),
      async beforeDelete(ctx, row) {
        // "Bills: material assets" deletes the assets of the bills it reads.
        if (!managesRegister(ctx.auth) && (row.billId === null || !(await billOf(ctx, row.billId)))) {
          throw forbidden();
        }
      },
    },
  });
}
