import {
  CURRENCY_CONVERSION_MESSAGES,
  currencyConversionResource,
  decimalDivide,
  MESSAGES,
} from '@tms/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { actingOfficeId, actingUserId } from '../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import {
  type CreateInput,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type WriteValues,
} from '../../platform/resources/service';
import { mayIgnoreLock } from './bills';
import { assertPeriodOpen, type LedgerContext, post, reverse } from './ledger';
import { notifyConversionMade } from './notifications';
import { movementScopes } from './payments';
import { toBaseCurrency } from './rates';
import { currencyConversions, paymentForms } from './tables';

export type ConversionRow = typeof currencyConversions.$inferSelect;
type ConversionInput = CreateInput<typeof currencyConversionResource>;

const scopes = movementScopes(currencyConversions);

/**
 * A new conversion: the forms give the currencies (they must differ), the date's month must be open and
 * each currency have its rate that day; the effective rate is bought ÷ sold.
 */
async function prepare(
  ctx: ResourceContext,
  values: ConversionInput,
): Promise<WriteValues<ConversionRow, ConversionInput>> {
  const ids = [values.soldFormId, values.boughtFormId];
  const forms = await ctx.tx.select().from(paymentForms).where(inArray(paymentForms.id, ids));
  const sold = forms.find((form) => form.id === ids[0]);
  const bought = forms.find((form) => form.id === ids[1]);
  if (!sold) throw fieldError(['soldFormId'], MESSAGES.invalid);
  if (!bought) throw fieldError(['boughtFormId'], MESSAGES.invalid);
  const errors = new ErrorCollector();
  if (sold.currencyId === bought.currencyId) {
    errors.add(['boughtFormId'], CURRENCY_CONVERSION_MESSAGES.sameCurrency);
  }
  const { date } = values;
  await errors.collect(async () => {
    await assertPeriodOpen(ctx.tx, date, mayIgnoreLock(ctx.auth), ['date']);
    await toBaseCurrency(ctx.tx, values.soldAmount, sold.currencyId, date, ['date']);
    await toBaseCurrency(ctx.tx, values.boughtAmount, bought.currencyId, date, ['date']);
  });
  errors.throwIfAny();
  return {
    ...values,
    soldCurrencyId: sold.currencyId,
    boughtCurrencyId: bought.currencyId,
    rate: decimalDivide(values.boughtAmount, values.soldAmount, 6),
    serviceOfficeId: bought.serviceOfficeId ?? sold.serviceOfficeId ?? actingOfficeId(ctx.auth),
    createdById: actingUserId(ctx.auth),
  };
}

/**
 * The conversion's posting (docs/finance.md "Accounts and postings"): the sold currency leaves its form's
 * CASH for CONVERSION, the bought one comes from CONVERSION onto its form's CASH; each currency balances,
 * the base amounts at the date's rate (their difference on CONVERSION is the conversion's gain or loss).
 */
async function postConversion(ctx: LedgerContext, row: ConversionRow, ignoreLock: boolean): Promise<void> {
  const forms = await ctx.tx
    .select({ id: paymentForms.id, legalEntityId: paymentForms.legalEntityId })
    .from(paymentForms)
    .where(inArray(paymentForms.id, [row.soldFormId, row.boughtFormId]));
  const entity = (id: number) => forms.find((form) => form.id === id)?.legalEntityId ?? null;
  const sold = { currencyId: row.soldCurrencyId, legalEntityId: entity(row.soldFormId) };
  const bought = { currencyId: row.boughtCurrencyId, legalEntityId: entity(row.boughtFormId) };
  await post(ctx, {
    source: { type: 'conversion', id: row.id },
    date: row.date,
    ignoreLock,
    dateField: ['date'],
    lines: [
      { ...sold, account: 'CASH', amount: `-${row.soldAmount}`, paymentFormId: row.soldFormId },
      { ...sold, account: 'CONVERSION', amount: row.soldAmount },
      { ...bought, account: 'CASH', amount: row.boughtAmount, paymentFormId: row.boughtFormId },
      { ...bought, account: 'CONVERSION', amount: `-${row.boughtAmount}` },
    ],
  });
}

/** Conversions as a resource service: entered (posted) and deleted (reversed), never changed. */
export const conversionService: ResourceService<ConversionRow> = resourceService(
  currencyConversionResource,
  currencyConversions,
  {
    hooks: {
      scope: (auth, access) => (access === 'read' ? scopes.read(auth) : scopes.remove(auth)),
      beforeCreate: (ctx, values) => prepare(ctx, values),
      guardUpdate() {
        throw fieldError([], CURRENCY_CONVERSION_MESSAGES.fixed);
      },
      async beforeDelete(ctx, row) {
        const [deletable] = await ctx.tx
          .select({ id: currencyConversions.id })
          .from(currencyConversions)
          .where(sql`${eq(currencyConversions.id, row.id)} AND ${scopes.remove(ctx.auth)}`)
          .limit(1);
        if (!deletable) throw forbidden();
        const ignoreLock = mayIgnoreLock(ctx.auth);
        await assertPeriodOpen(ctx.tx, row.date, ignoreLock, ['date']);
        await reverse(ctx, { type: 'conversion', id: row.id }, { ignoreLock, dateField: ['date'] });
      },
      async afterWrite(ctx, event) {
        if (event.action !== 'create') return;
        await postConversion(ctx, event.after!, mayIgnoreLock(ctx.auth));
        await notifyConversionMade(ctx, event.after!);
      },
    },
  },
);
