import { eq, inArray } from 'drizzle-orm';
import { assignmentRules } from '../../modules/assignment/tables';
import { products } from '../../modules/operations/tables';
import { countries } from '../../modules/reference-data/tables';
import type { Tx } from '../connection';

/**
 * Auto-assignment rules of the demo (docs/assignment.md): Minsk takes what leaves Belarus, Shanghai's sea
 * and air freight from China goes round Wang and Ivanov, Moscow's remaining work goes to the less loaded of
 * Ivanov and Kozlova (a disabled rule for FTL Europe sits before it); customs import into Russia goes to
 * Smirnov, and so does the rest of the customs work.
 */
export async function seedDemoAssignment(
  tx: Tx,
  userId: ReadonlyMap<string, number>,
  officeId: ReadonlyMap<string | null, number>,
): Promise<void> {
  const countryRows = await tx
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, ['BY', 'CN', 'RU']));
  const country = new Map(countryRows.map((row) => [row.code, row.id]));
  const [europe] = await tx.select({ id: products.id }).from(products).where(eq(products.code, 'FTL-EU-RU'));
  const user = (name: string) => userId.get(name)!;
  const office = (code: string) => officeId.get(code)!;
  await tx.insert(assignmentRules).values([
    {
      kind: 'forwarder',
      position: 1,
      name: 'Минск: отправки из Беларуси',
      serviceOfficeIds: [office('MSQ')],
      dispatchCountryIds: [country.get('BY')!],
      strategy: 'user',
      userId: user('kozlova'),
    },
    {
      kind: 'forwarder',
      position: 2,
      name: 'Китай: море и авиа по очереди',
      dispatchCountryIds: [country.get('CN')!],
      transportTypes: ['sea', 'air'],
      strategy: 'roundRobin',
      userIds: [user('wang'), user('ivanov')],
    },
    {
      kind: 'forwarder',
      position: 3,
      name: 'Москва: FTL Европа — Россия',
      serviceOfficeIds: [office('MOW')],
      productIds: [europe!.id],
      strategy: 'user',
      userId: user('ivanov'),
      enabled: false,
    },
    {
      kind: 'forwarder',
      position: 4,
      name: 'Москва: остальное — менее загруженному',
      serviceOfficeIds: [office('MOW')],
      strategy: 'leastLoaded',
      userIds: [user('ivanov'), user('kozlova')],
    },
    {
      kind: 'customs',
      position: 1,
      name: 'Импорт в Россию: Санкт-Петербург',
      deliveryCountryIds: [country.get('RU')!],
      procedures: ['IM'],
      strategy: 'user',
      userId: user('smirnov'),
    },
    {
      kind: 'customs',
      position: 2,
      name: 'Остальные таможенные запросы',
      strategy: 'leastLoaded',
      userIds: [user('smirnov')],
    },
  ]);
}
