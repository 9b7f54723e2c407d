import { copyRows } from '../lib/copy';
import { type Generator, idRange, pick } from './registry';
import { CITIES, STREETS } from './words';

/** Offices of the company: a list endpoint of the resource engine with search, sort and paging. */
export const serviceOfficesGenerator: Generator = {
  name: 'service_offices',
  tables: ['service_offices'],
  rows: (size) => Math.max(100, Math.round(size / 10)),
  async run({ client, size, random, ids }) {
    const count = this.rows(size);
    await copyRows(
      client,
      'service_offices',
      ['name', 'code', 'address', 'ip_addresses', 'enabled'],
      count,
      (i) => {
        const city = pick(random, CITIES);
        const n = i + 1;
        return [
          `Офис ${city} ${n}`,
          `OF${String(n).padStart(6, '0')}`,
          `${city}, ул. ${pick(random, STREETS)}, д. ${1 + Math.floor(random() * 200)}`,
          [`10.${n % 250}.${Math.floor(n / 250) % 250}.0/24`],
          random() > 0.05,
        ];
      },
    );
    ids.set('service_offices', await idRange(client, 'service_offices'));
  },
};
