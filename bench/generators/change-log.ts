import { copyRows } from '../lib/copy';
import { type Generator, pick, randomId } from './registry';
import { CITIES, STREETS } from './words';

const ACTIONS = ['update', 'update', 'update', 'update', 'create', 'enable', 'disable', 'delete'] as const;
const YEARS = 3;

/**
 * Who changed what: every write of every area lands here, so it is the largest table of the product until
 * orders exist. Entries are spread over three years, oldest first, as the real log grows.
 */
export const changeLogGenerator: Generator = {
  name: 'change_log',
  tables: ['change_log'],
  rows: (size) => size,
  async run({ client, size, random, ids }) {
    const count = this.rows(size);
    const offices = ids.get('service_offices');
    const users = ids.get('users');
    const start = Date.now() - YEARS * 365 * 86_400_000;
    const step = (Date.now() - start) / count;
    await copyRows(
      client,
      'change_log',
      ['entity_type', 'entity_id', 'action', 'user_id', 'changes', 'created_at'],
      count,
      (i) => {
        const action = pick(random, ACTIONS);
        const onOffice = offices !== undefined && random() < 0.7;
        const changes =
          action === 'update'
            ? {
                address: {
                  old: `${pick(random, CITIES)}, ул. ${pick(random, STREETS)}, д. ${1 + (i % 200)}`,
                  new: `${pick(random, CITIES)}, ул. ${pick(random, STREETS)}, д. ${1 + ((i * 7) % 200)}`,
                },
              }
            : action === 'enable' || action === 'disable'
              ? { enabled: { old: action !== 'enable', new: action === 'enable' } }
              : {};
        return [
          onOffice ? 'service_office' : 'user',
          onOffice ? randomId(random, offices) : users ? randomId(random, users) : 1 + (i % 1000),
          action,
          users ? randomId(random, users) : null,
          changes,
          new Date(start + i * step).toISOString(),
        ];
      },
    );
  },
};
