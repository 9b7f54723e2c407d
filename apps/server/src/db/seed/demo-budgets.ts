import { inArray, sql } from 'drizzle-orm';
import { budgetItems, budgetPlans, budgets } from '../../modules/finance/tables';
import { calendarDay } from '../../platform/calendar';
import { users } from '../../platform/identity/tables';
import type { Tx } from '../connection';

/** The demo budget's items and their monthly plan in roubles. */
const ITEMS = [
  {
    code: '1.1',
    name: 'Перевозка подрядчиками',
    direction: 'EXPENSE',
    kind: 'DIRECT',
    noDirectOrderLink: true,
    plan: '1500000.00',
  },
  { code: '1.2', name: 'Выручка от перевозок', direction: 'INCOME', kind: 'DIRECT', plan: '1900000.00' },
  {
    code: '2.1',
    name: 'Аренда офисов',
    direction: 'EXPENSE',
    kind: 'OVERHEAD',
    noPaidBills: true,
    plan: '350000.00',
  },
  { code: '2.2', name: 'Заработная плата', direction: 'EXPENSE', kind: 'OVERHEAD', plan: '1200000.00' },
] as const;

/**
 * The group's budget of the year the demo bills are recognised in (ten days ago): its items with a plan
 * for every month; the demo bills go on the direct items (expenses through jobs, income), so the budget
 * page shows plan against actuals. Finance keeps the budget; two forwarders put bills into it, the third reads them.
 */
export async function seedDemoBudgets(tx: Tx, today = new Date()): Promise<void> {
  const day = new Date(today);
  day.setUTCDate(day.getUTCDate() - 10);
  const year = Number(calendarDay(day).slice(0, 4));
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['ivanov', 'kozlova', 'wang', 'sidorova']));
  const idsOf = (names: string[]) => people.filter((p) => names.includes(p.username)).map((p) => p.id);
  const [budget] = await tx
    .insert(budgets)
    .values({
      name: `Бюджет группы ${year}`,
      year,
      editorIds: idsOf(['ivanov', 'kozlova', 'sidorova']),
      viewerIds: idsOf(['wang']),
      comment: 'Годовой бюджет: прямые статьи по заказам, накладные — аренда и зарплата.',
    })
    .returning();
  const items = await tx
    .insert(budgetItems)
    .values(ITEMS.map(({ plan: _plan, ...item }) => ({ ...item, budgetId: budget!.id })))
    .returning();
  await tx.insert(budgetPlans).values(
    items.flatMap((item) =>
      Array.from({ length: 12 }, (_, month) => ({
        budgetItemId: item.id,
        month: `${year}-${String(month + 1).padStart(2, '0')}-01`,
        amount: ITEMS.find((i) => i.code === item.code)!.plan,
      })),
    ),
  );
  const itemOf = (code: string) => items.find((item) => item.code === code)!.id;
  await tx.execute(sql`UPDATE bills SET budget_item_id = CASE direction WHEN 'EXPENSE' THEN ${itemOf('1.1')}::integer ELSE ${itemOf('1.2')}::integer END
    WHERE kind = 'DIRECT' AND extract(year FROM recognition_date) = ${year}`);
}
