import {
  counterpartyAgreementResource,
  counterpartyBankAccountResource,
  counterpartyContactResource,
  counterpartyResource,
  MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { fileTestApp } from '../../test/harness';
import { describeResource, type ResourceSuiteContext } from '../../test/resource-suite';
import { countries } from '../reference-data';
import { agreementTypes } from './tables';

const app = fileTestApp();

async function countryId(database: Database, code: string): Promise<number> {
  const [row] = await database.db.select().from(countries).where(eq(countries.code, code));
  return row!.id;
}

let seq = 0;

/** A contractor in Germany created by the suite's editor, for the parts kept under it. */
async function parent(ctx: ResourceSuiteContext): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/counterparties',
    headers: ctx.editor.headers,
    payload: {
      name: `Spedition Müller ${++seq}`,
      contractor: true,
      client: true,
      countryId: await countryId(ctx.database, 'DE'),
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}

describeResource({
  app,
  descriptor: counterpartyResource,
  validCreate: async (ctx) => ({
    name: `ООО «Ромашка» ${++seq}`,
    client: true,
    countryId: await countryId(ctx.database, 'RU'),
    phone: '+7 495 123-45-67',
    email: 'info@romashka.ru',
  }),
  update: { phone: '+7 812 000-00-00', comment: 'Платит вовремя', segment: 'B' },
  invalidCreate: {
    body: { name: 'Firma 中国', client: true, countryId: 1, email: 'no-at-sign', creditLimit: '-5' },
    errorPaths: ['name', 'email', 'creditLimit'],
  },
  search: 'ромашка',
});

describeResource({
  app,
  descriptor: counterpartyContactResource,
  contract: 'full',
  validCreate: async (ctx) => ({
    counterpartyId: await parent(ctx),
    name: 'Hans Schmidt',
    position: 'Disponent',
    email: 'hans@mueller.de',
    phone: '+49 30 1234567',
    contactInfos: [],
  }),
  update: { position: 'Geschäftsführer', phone: '+49 30 7654321' },
  invalidCreate: { body: { counterpartyId: 1, name: 'Ηans 😀', email: 'x' }, errorPaths: ['name', 'email'] },
  search: 'schmidt',
});

describeResource({
  app,
  descriptor: counterpartyBankAccountResource,
  validCreate: async (ctx) => ({
    counterpartyId: await parent(ctx),
    bankName: 'Commerzbank',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
    primary: false,
  }),
  update: { bankName: 'Commerzbank AG' },
  invalidCreate: { body: { counterpartyId: 1, swift: 'nope' }, errorPaths: ['swift'] },
  search: 'commerz',
});

describeResource({
  app,
  descriptor: counterpartyAgreementResource,
  validCreate: async (ctx) => {
    const [type] = await ctx.database.db
      .insert(agreementTypes)
      .values({ code: `T${++seq}`, name: 'Договор транспортной экспедиции' })
      .returning();
    return {
      counterpartyId: await parent(ctx),
      agreementTypeId: type!.id,
      number: `ТЭ-${seq}/2025`,
      date: '2025-01-15',
      validFrom: '2025-01-15',
      validUntil: '2025-12-31',
    };
  },
  update: { validUntil: '2026-12-31', comment: 'Продлён' },
  invalidCreate: {
    body: { counterpartyId: 1, agreementTypeId: 1, number: '', date: '2025-02-30' },
    errorPaths: ['number', 'date'],
  },
  search: '/2025',
});

void MESSAGES;
