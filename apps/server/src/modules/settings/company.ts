import {
  BANK_MESSAGES,
  bankResource,
  COUNTERPARTY_MESSAGES,
  counterpartyFeatureResource,
  counterpartyStatusResource,
  IBAN_COUNTRIES,
  isValidCorrespondentAccount,
  isValidIban,
  isValidRussianAccount,
  LEGAL_ENTITY_MESSAGES,
  legalEntityResource,
  MATERIAL_ASSET_MESSAGES,
  MESSAGES,
  materialAssetResource,
  PAYMENT_FORM_MESSAGES,
  paymentFormResource,
  requisitesErrors,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { ErrorCollector, fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import {
  banks,
  counterpartyFeatures,
  counterpartyStatuses,
  countries,
  legalEntities,
  materialAssets,
  paymentForms,
} from './tables';

type Values = Record<string, unknown>;

/** Russia: the country whose banks have a BIK and whose companies have an INN. */
const RUSSIA = 'RU';

/** The record as it will be after the write: the stored row with the members sent laid over it. */
const merged = <Row extends object>(values: Values, existing?: Row): Values => ({ ...existing, ...values });

async function countryCode(tx: Tx, id: unknown): Promise<string | undefined> {
  if (typeof id !== 'number') return undefined;
  const [row] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.id, id))
    .limit(1);
  return row?.code;
}

/** Banks in Russia are known by their BIK; the correspondent account is checked against it. */
async function checkBank(tx: Tx, record: Values): Promise<undefined> {
  const errors = new ErrorCollector();
  const code = await countryCode(tx, record.countryId);
  if (code === undefined) throw fieldError(['countryId'], MESSAGES.invalid);
  const bik = record.bik as string | null | undefined;
  const account = record.correspondentAccount as string | null | undefined;
  if (code === RUSSIA && !bik) errors.add(['bik'], BANK_MESSAGES.bikRequired);
  if (code !== RUSSIA && bik) errors.add(['bik'], BANK_MESSAGES.bikOutsideRussia);
  if (account && !bik) errors.add(['correspondentAccount'], BANK_MESSAGES.correspondentAccountWithoutBik);
  else if (account && bik && !isValidCorrespondentAccount(account, bik)) {
    errors.add(['correspondentAccount'], COUNTERPARTY_MESSAGES.correspondentAccount);
  }
  errors.throwIfAny();
  return undefined;
}

/** A company registered in Russia has an INN; INN, KPP and OGRN must agree with each other. */
async function checkLegalEntity(tx: Tx, record: Values): Promise<undefined> {
  const errors = new ErrorCollector();
  const code = await countryCode(tx, record.countryId);
  if (code === undefined) throw fieldError(['countryId'], MESSAGES.invalid);
  if (code === RUSSIA && !record.inn) errors.add(['inn'], LEGAL_ENTITY_MESSAGES.innRequired);
  const requisites = requisitesErrors({
    inn: record.inn as string | null,
    kpp: record.kpp as string | null,
    ogrn: record.ogrn as string | null,
  });
  for (const [field, message] of Object.entries(requisites)) errors.add([field], message);
  errors.throwIfAny();
  return undefined;
}

/**
 * The account number against its bank: by the BIK key for a bank in Russia, as an IBAN (with its own
 * country) where the bank's country uses IBANs, and as 5-34 Latin letters and digits elsewhere (China).
 */
async function checkPaymentForm(tx: Tx, record: Values): Promise<undefined> {
  const [bank] = await tx
    .select({ bik: banks.bik, country: countries.code })
    .from(banks)
    .innerJoin(countries, eq(countries.id, banks.countryId))
    .where(eq(banks.id, record.bankId as number))
    .limit(1);
  if (!bank) throw fieldError(['bankId'], MESSAGES.invalid);
  const account = record.accountNumber as string;
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

function checkMaterialAsset(record: Values): undefined {
  if (record.cost != null && record.currencyId == null) {
    throw fieldError(['currencyId'], MATERIAL_ASSET_MESSAGES.currencyRequired);
  }
  return undefined;
}

/** Our companies, their banks and payment forms, counterparty dictionaries and material assets. */
export function registerCompanyResources(app: App): void {
  registerResource(app, bankResource, banks, {
    inUseMessage: BANK_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkBank(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkBank(tx, merged(values, existing)),
    },
  });
  registerResource(app, legalEntityResource, legalEntities, {
    inUseMessage: LEGAL_ENTITY_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkLegalEntity(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkLegalEntity(tx, merged(values, existing)),
    },
  });
  registerResource(app, paymentFormResource, paymentForms, {
    inUseMessage: PAYMENT_FORM_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkPaymentForm(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkPaymentForm(tx, merged(values, existing)),
    },
  });
  registerResource(app, counterpartyStatusResource, counterpartyStatuses);
  registerResource(app, counterpartyFeatureResource, counterpartyFeatures);
  registerResource(app, materialAssetResource, materialAssets, {
    hooks: {
      beforeCreate: (_ctx, values) => checkMaterialAsset(values),
      beforeUpdate: (_ctx, values, existing) => checkMaterialAsset(merged(values, existing)),
    },
  });
}
