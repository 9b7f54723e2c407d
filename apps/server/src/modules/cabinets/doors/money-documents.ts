import type { ResourceDescriptor } from '@tms/domain';
import {
  type CabinetAccess,
  type ResourceTable,
  type RowOf,
  resourceService,
} from '../../../platform/resources';
import { currencyCodesOf } from './currency-codes';

/** What every money document's row has: its number, date, amount and currency. */
interface MoneyRow {
  id: number;
  version: number;
  number: string;
  date: string;
  amount: string;
  currencyId: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A money document read in a cabinet (a client's bills, a contractor's bills and payments; the domain's
 * `cabinetMoneyDocument`): read only, within the cabinet's counterparty, the currency's code beside the
 * amount (one query a page); `more` answers the members a kind adds.
 */
export function cabinetMoneyDocumentService<T extends ResourceTable>(
  descriptor: ResourceDescriptor,
  table: T,
  cabinet: CabinetAccess,
  more: (row: RowOf<T>) => Record<string, unknown> = () => ({}),
) {
  return resourceService(descriptor, table, {
    cabinet: { only: true, ...cabinet },
    virtual: ['currencyCode' as never],
    hooks: {
      async toEntities(rows, ctx) {
        const money = rows as unknown as MoneyRow[];
        const codeOf = await currencyCodesOf(
          ctx.tx,
          money.map((row) => row.currencyId),
        );
        return money.map((row, index) => ({
          id: row.id,
          version: row.version,
          number: row.number,
          date: row.date,
          amount: row.amount,
          currencyCode: codeOf.get(row.currencyId) ?? '',
          ...more(rows[index]!),
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    },
  });
}
