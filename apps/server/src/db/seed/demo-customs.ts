import {
  type ControlKind,
  type DeclarationItem,
  type DeclarationStatus,
  type InspectionMode,
  releaseMinutes,
} from '@tms/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { customsDeclarations, customsPoints } from '../../modules/customs/tables';
import { orders } from '../../modules/operations/tables';
import { countries } from '../../modules/reference-data/tables';
import { customerRequests } from '../../modules/requests/tables';
import type { Tx } from '../connection';

/** Customs points whose codes and names were read in real FTS documents (brief §3). */
const POINTS = [
  {
    code: '10702030',
    name: 'т/п Морской порт Владивосток',
    nameEn: 'Vladivostok Sea Port customs post',
    country: 'RU',
    address: 'Владивосток, ул. Нижнепортовая, 1',
    timeZone: 'Asia/Vladivostok',
  },
  {
    code: '10803040',
    name: 'т/п МАПП Верхний Ларс',
    nameEn: 'Upper Lars border crossing customs post',
    country: 'RU',
    address: 'Республика Северная Осетия — Алания, с. Чми',
    timeZone: 'Europe/Moscow',
  },
  {
    code: '39851712',
    name: 'Т/П «Орал-центр таможенного оформления»',
    nameEn: 'Oral customs clearance centre',
    country: 'KZ',
    address: 'Уральск',
    timeZone: 'Asia/Oral',
  },
];

interface DemoDeclaration {
  status: DeclarationStatus;
  point: number;
  direction: 'IM' | 'EK';
  procedureCode: string;
  bondedTerminal: string;
  items: DeclarationItem[];
  /** Days ago the declaration was filed; hours from filing to registration and to the decision. */
  filed?: number;
  registeredAfter?: number;
  decidedAfter?: number;
  controlKind?: ControlKind;
  inspectionMode?: InspectionMode;
  decisionCode?: string;
  releaseCondition?: string;
  specialist?: boolean;
  fromRequest?: boolean;
  comment?: string;
}

const PHONES: DeclarationItem = {
  tnvedCode: '8517130000',
  description: 'Смартфоны, модель A15, в заводской упаковке',
  grossWeight: 1240,
  netWeight: 1100,
  customsValue: '185400.00',
};
const CARS: DeclarationItem = {
  tnvedCode: '8703239087',
  description: 'Легковые автомобили, бензиновые, 1,8 л, новые',
  grossWeight: 2860,
  netWeight: 2700,
  customsValue: '48250.00',
};
const TOOLS: DeclarationItem = {
  tnvedCode: '8467291000',
  description: 'Дрели электрические ручные',
  grossWeight: 830.5,
  netWeight: 760,
  customsValue: '12600.00',
};
const SCREWS: DeclarationItem = {
  tnvedCode: '7318290008',
  description: 'Изделия крепёжные без резьбы из чёрных металлов',
  grossWeight: 4200,
  netWeight: 4150,
  customsValue: '9380.50',
};

/** One declaration or more in every status (docs/customs.md "Declarations"): the customs user's desk. */
const DECLARATIONS: DemoDeclaration[] = [
  {
    status: 'DRAFT',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [PHONES, TOOLS],
    fromRequest: true,
    comment: 'Ждём инвойс с исправленной ценой',
  },
  {
    status: 'SUBMITTED',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [PHONES],
    filed: 0,
  },
  {
    status: 'REGISTERED',
    point: 1,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ «Верхний Ларс»',
    items: [CARS],
    filed: 1,
    registeredAfter: 2,
    specialist: true,
  },
  {
    status: 'UNDER_CONTROL',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [SCREWS, TOOLS],
    filed: 2,
    registeredAfter: 1,
    controlKind: 'EXAMINATION',
    inspectionMode: 'examination',
    specialist: true,
  },
  {
    status: 'UNDER_CONTROL',
    point: 1,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ «Верхний Ларс»',
    items: [CARS],
    filed: 3,
    registeredAfter: 1,
    controlKind: 'DOCUMENTS_REQUESTED',
    comment: 'Запрошен экспортный сертификат',
  },
  {
    status: 'RELEASED',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [PHONES, TOOLS],
    filed: 12,
    registeredAfter: 1,
    decidedAfter: 5,
    decisionCode: '10',
    specialist: true,
  },
  {
    status: 'RELEASED',
    point: 2,
    direction: 'EK',
    procedureCode: '10',
    bondedTerminal: 'СВХ «Орал»',
    items: [SCREWS],
    filed: 20,
    registeredAfter: 1,
    decidedAfter: 2,
    decisionCode: '10',
    releaseCondition: 'customs_a',
  },
  {
    status: 'RELEASED',
    point: 1,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ «Верхний Ларс»',
    items: [CARS],
    filed: 9,
    registeredAfter: 2,
    decidedAfter: 30,
    decisionCode: '11',
    inspectionMode: 'inspection',
    specialist: true,
  },
  {
    status: 'RELEASED_CONDITIONALLY',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [TOOLS],
    filed: 15,
    registeredAfter: 1,
    decidedAfter: 26,
    decisionCode: '34',
    inspectionMode: 'take_sample',
  },
  {
    status: 'REFUSED',
    point: 1,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ «Верхний Ларс»',
    items: [CARS],
    filed: 25,
    registeredAfter: 1,
    decidedAfter: 52,
    decisionCode: '90',
    inspectionMode: 'examination',
    comment: 'Не подтверждена таможенная стоимость',
  },
  {
    status: 'WITHDRAWN',
    point: 0,
    direction: 'IM',
    procedureCode: '40',
    bondedTerminal: 'СВХ ООО «Владморрыбпорт»',
    items: [PHONES],
    filed: 30,
    registeredAfter: 1,
    decidedAfter: 4,
    decisionCode: '81',
  },
  {
    status: 'NOT_FILED',
    point: 2,
    direction: 'EK',
    procedureCode: '10',
    bondedTerminal: 'СВХ «Орал»',
    items: [SCREWS],
    filed: 40,
    registeredAfter: 2,
    decidedAfter: 48,
    decisionCode: '82',
  },
];

const HOUR = 3600_000;

/** ДДММГГ of a moment (the number's date, in Moscow time as the customs authority dates it). */
function numberDate(at: Date): { text: string; iso: string } {
  const moscow = new Date(at.getTime() + 3 * HOUR);
  const dd = String(moscow.getUTCDate()).padStart(2, '0');
  const mm = String(moscow.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = moscow.getUTCFullYear();
  return { text: `${dd}${mm}${String(yyyy).slice(2)}`, iso: `${yyyy}-${mm}-${dd}` };
}

/** Customs points, and declarations of the demo orders in every status, declared by the customs user. */
export async function seedDemoCustoms(tx: Tx, userId: ReadonlyMap<string, number>): Promise<void> {
  const country = new Map(
    (
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, ['RU', 'KZ']))
    ).map((c) => [c.code, c.id]),
  );
  const points = await tx
    .insert(customsPoints)
    .values(POINTS.map(({ country: code, ...point }) => ({ ...point, countryId: country.get(code)! })))
    .returning({ id: customsPoints.id, code: customsPoints.code });
  const demoOrders = await tx
    .select({ id: orders.id, clientId: orders.clientId, clientName: orders.clientName })
    .from(orders)
    .where(eq(orders.archived, false))
    .orderBy(asc(orders.id));
  const [request] = await tx
    .select({ id: customerRequests.id })
    .from(customerRequests)
    .where(eq(customerRequests.customs, true))
    .orderBy(asc(customerRequests.id))
    .limit(1);
  if (!demoOrders.length) return;
  const declarant = userId.get('smirnov') ?? null;
  const now = Date.now();
  let serial = 4120;
  await tx.insert(customsDeclarations).values(
    DECLARATIONS.map((demo, index) => {
      const order = demoOrders[index % demoOrders.length]!;
      const point = points[demo.point]!;
      const submittedAt = demo.filed === undefined ? null : new Date(now - demo.filed * 24 * HOUR - 2 * HOUR);
      const registeredAt =
        submittedAt && demo.registeredAfter !== undefined
          ? new Date(submittedAt.getTime() + demo.registeredAfter * HOUR)
          : null;
      const decisionAt =
        registeredAt && demo.decidedAfter !== undefined
          ? new Date(registeredAt.getTime() + demo.decidedAfter * HOUR)
          : null;
      const date = registeredAt ? numberDate(registeredAt) : null;
      const released = ['RELEASED', 'RELEASED_CONDITIONALLY', 'REFUSED'].includes(demo.status);
      return {
        status: demo.status,
        number: date ? `${point.code}/${date.text}/${String(serial++).padStart(7, '0')}` : null,
        registrationDate: date?.iso ?? null,
        orderId: order.id,
        requestId: demo.fromRequest ? (request?.id ?? null) : null,
        clientId: order.clientId,
        clientName: order.clientName,
        direction: demo.direction,
        procedureCode: demo.procedureCode,
        customsPointId: point.id,
        bondedTerminal: demo.bondedTerminal,
        releaseCondition: demo.releaseCondition ?? 'customs',
        customsObject: demo.direction === 'EK' ? 'departure' : 'arrival',
        inspectionMode: demo.inspectionMode ?? 'none',
        controlKind: demo.controlKind ?? null,
        decisionCode: demo.decisionCode ?? null,
        items: demo.items,
        declarantId: declarant,
        declarantAcceptedAt: submittedAt ?? null,
        customsSpecialistId: demo.specialist ? declarant : null,
        customsSpecialistAcceptedAt: demo.specialist ? registeredAt : null,
        submittedAt,
        registeredAt,
        decisionAt,
        releaseMinutes: released && decisionAt ? releaseMinutes(registeredAt, decisionAt) : null,
        statusChangedAt: decisionAt ?? registeredAt ?? submittedAt ?? new Date(now),
        // Drafted the day before it was filed.
        createdAt: new Date((submittedAt?.getTime() ?? now) - 24 * HOUR),
        comment: demo.comment ?? null,
      };
    }),
  );
}
