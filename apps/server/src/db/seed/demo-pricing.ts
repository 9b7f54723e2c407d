import { inArray } from 'drizzle-orm';
import { priceCollectionRows, priceCollections, pricingRegions } from '../../modules/pricing/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import type { Tx } from '../connection';

/** Computed regions of the demo: the lanes the demo requests travel. */
const REGIONS = [
  { code: 'EU', name: 'Европа', nameEn: 'Europe', countries: ['DE', 'PL', 'FR', 'NL', 'IT', 'CZ', 'AT'] },
  { code: 'BY', name: 'Беларусь', nameEn: 'Belarus', countries: ['BY'] },
  { code: 'RU', name: 'Россия', nameEn: 'Russia', countries: ['RU'] },
] as const;

type Row = [to: string, weightBreak: string, volumeBreak: string, price: string, currency: string];

/** Rate tables of the demo: groupage from Europe in euros, full and part loads from Belarus in roubles. */
const COLLECTIONS: { name: string; region: string; currency: string; rows: Row[] }[] = [
  {
    name: 'Европа — Россия, сборные грузы',
    region: 'EU',
    currency: 'EUR',
    rows: [
      ['RU', '100', '0.3', '120', 'EUR'],
      ['RU', '300', '1', '260', 'EUR'],
      ['RU', '500', '1.5', '380', 'EUR'],
      ['RU', '1000', '3', '650', 'EUR'],
      ['RU', '2000', '6', '1100', 'EUR'],
      ['RU', '5000', '15', '2300', 'EUR'],
      ['BY', '1000', '3', '520', 'EUR'],
      ['BY', '5000', '15', '1900', 'EUR'],
    ],
  },
  {
    name: 'Беларусь — Россия, авто',
    region: 'BY',
    currency: 'RUB',
    rows: [
      ['RU', '1500', '5', '38000', 'RUB'],
      ['RU', '5000', '20', '74000', 'RUB'],
      ['RU', '10000', '45', '118000', 'RUB'],
      ['RU', '20000', '90', '165000', 'RUB'],
    ],
  },
];

/** The demo's regions and one active rate table each for Europe and Belarus, valid from this year's start. */
export async function seedDemoPricing(tx: Tx, year: number): Promise<void> {
  const codes = REGIONS.flatMap((region) => region.countries);
  const country = new Map(
    (
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, codes))
    ).map((c) => [c.code, c.id]),
  );
  const currency = new Map(
    (await tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [
      c.code,
      c.id,
    ]),
  );
  const regions = await tx
    .insert(pricingRegions)
    .values(
      REGIONS.map((region) => ({
        code: region.code,
        name: region.name,
        nameEn: region.nameEn,
        countryIds: region.countries
          .map((code) => country.get(code))
          .filter((id): id is number => id !== undefined),
      })),
    )
    .returning({ id: pricingRegions.id, code: pricingRegions.code });
  const regionId = new Map(regions.map((r) => [r.code, r.id]));
  for (const collection of COLLECTIONS) {
    const [created] = await tx
      .insert(priceCollections)
      .values({
        name: collection.name,
        regionId: regionId.get(collection.region)!,
        validFrom: `${year}-01-01`,
        currencyId: currency.get(collection.currency)!,
        volumetricFactor: 333,
        rowCount: collection.rows.length,
      })
      .returning({ id: priceCollections.id });
    await tx.insert(priceCollectionRows).values(
      collection.rows.map(([to, weightBreak, volumeBreak, price, code], index) => ({
        collectionId: created!.id,
        sourceRow: index + 2,
        toRegionId: regionId.get(to)!,
        weightBreak,
        volumeBreak,
        price,
        currencyId: currency.get(code)!,
      })),
    );
  }
}
