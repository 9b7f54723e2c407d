import { and, eq } from 'drizzle-orm';
import { structureItemService } from '../../modules/company-structure';
import { staffPositions, structureItems } from '../../modules/company-structure/tables';
import type { Registries } from '../../platform/modules';
import { asSystem } from '../../platform/resources';
import type { Tx } from '../connection';

const STAFF = [
  { code: 'DIRECTOR', name: 'Директор', nameEn: 'Director' },
  { code: 'HEAD', name: 'Руководитель отдела', nameEn: 'Head of department' },
  { code: 'FORWARDER', name: 'Экспедитор', nameEn: 'Forwarder' },
  { code: 'SALES', name: 'Менеджер по продажам', nameEn: 'Sales manager' },
  { code: 'DECLARANT', name: 'Декларант', nameEn: 'Customs declarant' },
  { code: 'STOREKEEPER', name: 'Кладовщик', nameEn: 'Storekeeper' },
  { code: 'ACCOUNTANT', name: 'Бухгалтер', nameEn: 'Accountant' },
  { code: 'SYSADMIN', name: 'Администратор системы', nameEn: 'System administrator' },
];

interface Unit {
  kind: 'block' | 'department';
  name: string;
  nameEn: string;
  /** Its head position (made at once by the settings' default) renamed, and its holders. */
  head: [string, string, string, string[]];
  positions?: [string, string, string, string[]][];
  units?: Unit[];
}

/**
 * The demo offices' structure: operations (forwarding under its head, customs, the warehouse), commerce with
 * sales, finance and administration; the commercial director's post is vacant, and the bank's insurer stays
 * outside (she is no employee), so the screens show a vacancy and a person without a position.
 */
const STRUCTURE: Unit[] = [
  {
    kind: 'block',
    name: 'Операции',
    nameEn: 'Operations',
    head: ['Операционный директор', 'Operations director', 'DIRECTOR', ['orlova']],
    units: [
      {
        kind: 'department',
        name: 'Экспедирование',
        nameEn: 'Forwarding',
        head: ['Руководитель экспедирования', 'Head of forwarding', 'HEAD', ['ivanov']],
        positions: [['Экспедитор', 'Forwarder', 'FORWARDER', ['kozlova', 'wang']]],
      },
      {
        kind: 'department',
        name: 'Таможенное оформление',
        nameEn: 'Customs clearance',
        head: ['Руководитель таможенного отдела', 'Head of customs', 'HEAD', ['smirnov']],
        positions: [['Декларант', 'Customs declarant', 'DECLARANT', []]],
      },
      {
        kind: 'department',
        name: 'Склад Брест',
        nameEn: 'Brest warehouse',
        head: ['Начальник склада', 'Warehouse manager', 'STOREKEEPER', ['volkov']],
      },
    ],
  },
  {
    kind: 'block',
    name: 'Коммерция',
    nameEn: 'Commerce',
    head: ['Коммерческий директор', 'Commercial director', 'DIRECTOR', []],
    units: [
      {
        kind: 'department',
        name: 'Продажи',
        nameEn: 'Sales',
        head: ['Руководитель продаж', 'Head of sales', 'HEAD', ['petrov']],
        positions: [['Менеджер по продажам', 'Sales manager', 'SALES', ['nowak']]],
      },
    ],
  },
  {
    kind: 'block',
    name: 'Финансы и администрация',
    nameEn: 'Finance and administration',
    head: ['Финансовый директор', 'Finance director', 'DIRECTOR', ['sidorova']],
    positions: [
      ['Бухгалтер', 'Accountant', 'ACCOUNTANT', []],
      ['Администратор системы', 'System administrator', 'SYSADMIN', ['sokolov']],
    ],
  },
];

export async function seedDemoCompanyStructure(
  call: { tx: Tx; registries: Registries },
  userId: Map<string, number>,
): Promise<void> {
  const ctx = asSystem(call, 'demo data');
  const staff = new Map(
    (await call.tx.insert(staffPositions).values(STAFF).returning()).map((row) => [row.code, row.id]),
  );
  const ids = (names: string[]) => names.map((name) => userId.get(name)!);
  const add = async (unit: Unit, parentId: number | null) => {
    const created = await structureItemService.create(ctx, {
      kind: unit.kind,
      name: unit.name,
      nameEn: unit.nameEn,
      parentId,
      userIds: [],
    });
    const id = created.id as number;
    const [head] = await call.tx
      .select({ id: structureItems.id, version: structureItems.version })
      .from(structureItems)
      .where(and(eq(structureItems.parentId, id), eq(structureItems.head, true)));
    if (!head) throw new Error(`No head position made for ${unit.name}`);
    const [name, nameEn, code, holders] = unit.head;
    await structureItemService.update(ctx, head.id, {
      name,
      nameEn,
      staffPositionId: staff.get(code)!,
      userIds: ids(holders),
      version: head.version,
    });
    for (const [positionName, positionNameEn, positionCode, positionHolders] of unit.positions ?? []) {
      await structureItemService.create(ctx, {
        kind: 'position',
        name: positionName,
        nameEn: positionNameEn,
        parentId: id,
        staffPositionId: staff.get(positionCode)!,
        userIds: ids(positionHolders),
      });
    }
    for (const child of unit.units ?? []) await add(child, id);
  };
  for (const unit of STRUCTURE) await add(unit, null);
}
