import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { copyRows } from '../lib/copy';
import { type Generator, idRange, pick, randomId } from './registry';
import { GIVEN_NAMES, SURNAMES } from './words';

const ROLE_SETS = [
  [],
  ['ROLE_USER_LIST'],
  ['ROLE_SETTINGS_SERVICE_OFFICES'],
  ['ROLE_CHANGELOG_VIEW', 'ROLE_USER_LIST'],
];
const SESSIONS_PER_USER = 10;
const DAY = 86_400_000;

/** Everyone's password: the bench signs in as an employee to measure a scope. */
export const generatedPassword = (size: number) => `Generated-${size}-employee`;

/**
 * Employees (a contact and a user each) and their sign-in history: every request authenticates against
 * the sessions table, so it grows with the users.
 */
export const usersGenerator: Generator = {
  name: 'users',
  tables: ['contacts', 'users', 'sessions'],
  rows: (size) => Math.max(20, Math.round(size / 1000)),
  async run({ client, size, random, ids }) {
    const count = this.rows(size);
    const offices = ids.get('service_offices');
    // One hash for everyone: argon2 is slow on purpose.
    const passwordHash = await hashPassword(generatedPassword(size));
    const { rows: before } = await client.query<{ last: number | null }>(
      'SELECT max(id)::int AS last FROM contacts',
    );
    const contactBase = before[0]!.last ?? 0;
    await copyRows(client, 'contacts', ['name', 'email', 'phone'], count, (i) => [
      `${pick(random, SURNAMES)} ${pick(random, GIVEN_NAMES)} ${i + 1}`,
      `employee${i + 1}@example.com`,
      `+7 900 ${String(1_000_000 + i).slice(-7)}`,
    ]);
    const { rows: firstContact } = await client.query<{ id: number }>(
      'SELECT min(id)::int AS id FROM contacts WHERE id > $1',
      [contactBase],
    );
    const contact0 = firstContact[0]!.id;
    await copyRows(
      client,
      'users',
      ['username', 'password_hash', 'contact_id', 'service_office_id', 'roles', 'active'],
      count,
      (i) => [
        `employee${String(i + 1).padStart(6, '0')}`,
        passwordHash,
        contact0 + i,
        offices ? randomId(random, offices) : null,
        pick(random, ROLE_SETS),
        random() > 0.1,
      ],
    );
    const users = await idRange(client, 'users');
    ids.set('users', users);
    const now = Date.now();
    await copyRows(
      client,
      'sessions',
      ['user_id', 'ip', 'user_agent', 'created_at', 'expires_at', 'revoked_at'],
      count * SESSIONS_PER_USER,
      (i) => {
        const created = now - Math.floor(random() * 365 * DAY);
        const ended = new Date(created + 3_600_000).toISOString();
        return [
          randomId(random, users),
          `10.${i % 250}.${Math.floor(i / 250) % 250}.${1 + (i % 200)}`,
          'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
          new Date(created).toISOString(),
          ended,
          random() > 0.5 ? ended : null,
        ];
      },
    );
  },
};
