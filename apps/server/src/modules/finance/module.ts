import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import { files } from '../../platform/files/tables';
import { defineModule } from '../../platform/modules';
import type { MaterialAssetBillSource } from '../company';
import { automaticTransfersJob } from './automatic-transfers';
import { billReadScope } from './bills';
import { FINANCE_DOCUMENT_INITIATORS } from './document-initiators';
import { ledgerRollupsJob } from './ledger-rollups';
import { FINANCE_NOTIFICATIONS } from './notifications';
import { billHasPayments } from './payments';
import { billInPrintableBill, PRINTABLE_BILL_FILE_OWNERS } from './printable-bills';
import { cbrImport, rateSheetImport } from './rate-import';
import routes from './routes';
import { statementImport } from './statement-import';
import { bills, ledgerEntries } from './tables';
import { BILL_WORKFLOW_INITIATOR } from './workflow-initiator';

/** A bill with files attached is no longer changed (spec §8). */
async function billHasFiles(tx: Tx, billId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, 'bill'), eq(files.ownerId, billId)))
    .limit(1);
  return Boolean(row);
}

/** What a counterparty owes us: its receivable in the base currency, from the ledger. */
const receivable = (counterpartyId: PgColumn): SQL =>
  sql`SELECT sum(${ledgerEntries.baseAmount}) FROM ${ledgerEntries} WHERE ${ledgerEntries.account} = 'RECEIVABLE' AND ${ledgerEntries.counterpartyId} = ${counterpartyId}`;

/**
 * What a counterparty paid us that no bill took yet: the unlinked part of its incoming payments (credited to
 * ADVANCES_RECEIVED, hence negated), in the base currency.
 */
const advances = (counterpartyId: PgColumn): SQL =>
  sql`SELECT -sum(${ledgerEntries.baseAmount}) FROM ${ledgerEntries} WHERE ${ledgerEntries.account} = 'ADVANCES_RECEIVED' AND ${ledgerEntries.counterpartyId} = ${counterpartyId}`;
/** The bill that bought a material asset, as the user reads it (company's `materialAssetBills` point). */
const materialAssetBill: MaterialAssetBillSource = async (ctx, billId) => {
  const [bill] = await ctx.tx
    .select({ direction: bills.direction, amount: bills.amount, currencyId: bills.currencyId })
    .from(bills)
    .where(and(eq(bills.id, billId), billReadScope(ctx.auth)))
    .limit(1);
  return bill ?? null;
};

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const financeModule = defineModule({
  name: 'finance',
  routes,
  jobs: [automaticTransfersJob, ledgerRollupsJob],
  fileOwners: PRINTABLE_BILL_FILE_OWNERS,
  notifications: FINANCE_NOTIFICATIONS,
  contributes: {
    billChangeBlockers: {
      files: billHasFiles,
      printableBills: billInPrintableBill,
      payments: billHasPayments,
    },
    billPayments: { payments: billHasPayments },
    creditExposureSources: { bills: receivable },
    creditAdvanceSources: { advances },
    documentInitiators: FINANCE_DOCUMENT_INITIATORS,
    workflowInitiators: { bill: BILL_WORKFLOW_INITIATOR },
    materialAssetBills: { bills: materialAssetBill },
    imports: {
      statements: statementImport,
      cbrRates: cbrImport,
      rateSheets: rateSheetImport,
    },
  },
});
