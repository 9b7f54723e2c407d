import {
  COUNTERPARTY_MESSAGES,
  CURRENCY_RATE_MESSAGES,
  currencyRateResource,
  financeControlStatusReasonResource,
  IBAN_COUNTRIES,
  isValidIban,
  isValidRussianAccount,
  ledgerAccountResource,
  MESSAGES,
  PAYMENT_FORM_MESSAGES,
  paymentFormResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { afterUpdate, registerResource, registerResourceRoutes } from '../../platform/resources';
import { getOptions } from '../options';
import { banks, countries, currencies } from '../reference-data';
import { registerAcquiringRoutes } from './acquiring-routes';
import { registerAutomaticTransferRoutes } from './automatic-transfer-routes';
import { registerBankStatementRoutes } from './bank-statements';
import { registerBillRoutes } from './bill-routes';
import { registerBudgetRoutes } from './budget-routes';
import { conversionService } from './conversions';
import { registerInternalTransferRoutes } from './internal-transfer-routes';
import { registerPaymentRoutes } from './payment-routes';
import { registerPrintableBillRoutes } from './printable-bill-routes';
import { registerPrintableBillTemplateRoutes } from './printable-bill-templates';
import { registerRateImportRoutes } from './rate-import-routes';
import { registerStatementImportRoutes } from './statement-import';
import { currencyRates, financeControlStatusReasons, ledgerAccounts, paymentForms } from './tables';

/**
 * The account number against its bank: by the BIK key for a bank in Russia, as an IBAN (with its own
 * country) where the bank's country uses IBANs, and as 5-34 Latin letters and digits elsewhere (China).
 */
async function checkPaymentForm(
  tx: Tx,
  record: { bankId: number; accountNumber: string },
): Promise<undefined> {
  const [bank] = await tx
    .select({ bik: banks.bik, country: countries.code })
    .from(banks)
    .innerJoin(countries, eq(countries.id, banks.countryId))
    .where(eq(banks.id, record.bankId))
    .limit(1);
  if (!bank) throw fieldError(['bankId'], MESSAGES.invalid);
  const account = record.accountNumber;
  if (bank.bik) {
    if (!isValidRussianAccount(account, bank.bik)) {
      throw fieldError(['accountNumber'], COUNTERPARTY_MESSAGES.bankAccount);
    }
  } else if (IBAN_COUNTRIES[bank.country]) {
    if (!isValidIban(account)) throw fieldError(['accountNumber'], COUNTERPARTY_MESSAGES.iban);
  } else if (!/^[A-Z0-9]{5,34}$/.test(account)) {
    throw fieldError(['accountNumber'], COUNTERPARTY_MESSAGES.bankAccount);
  }
  return undefined;
}

/** Rates are quoted in the base currency, so the base currency itself has none. */
async function checkCurrencyRate(tx: Tx, record: { currencyId: number }): Promise<undefined> {
  const [[currency], options] = await readAll(tx, [
    () => tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, record.currencyId)),
    () => getOptions(tx),
  ]);
  if (currency?.code === options.systemCurrencyCode) {
    throw fieldError(['currencyId'], CURRENCY_RATE_MESSAGES.baseCurrency);
  }
  return undefined;
}

/**
 * Finance dictionaries (finance control status reasons, our payment forms, currency rates), bills and the
 * ledger's period locks.
 */
export default async function financeModule(app: App): Promise<void> {
  registerResource(app, financeControlStatusReasonResource, financeControlStatusReasons);
  registerResource(app, ledgerAccountResource, ledgerAccounts);
  registerResource(app, paymentFormResource, paymentForms, {
    inUseMessage: PAYMENT_FORM_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkPaymentForm(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkPaymentForm(tx, afterUpdate(values, existing)),
    },
  });
  registerResource(app, currencyRateResource, currencyRates, {
    hooks: {
      beforeCreate: ({ tx }, values) => checkCurrencyRate(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkCurrencyRate(tx, afterUpdate(values, existing)),
    },
  });
  registerBankStatementRoutes(app);
  registerRateImportRoutes(app);
  registerPrintableBillTemplateRoutes(app);
  registerBillRoutes(app);
  registerPrintableBillRoutes(app);
  registerBudgetRoutes(app);
  registerPaymentRoutes(app);
  registerStatementImportRoutes(app);
  registerResourceRoutes(app, conversionService);
  registerInternalTransferRoutes(app);
  registerAutomaticTransferRoutes(app);
  registerAcquiringRoutes(app);
}
