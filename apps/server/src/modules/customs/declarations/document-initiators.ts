import {
  CONTROL_KIND_LABELS,
  CUSTOMS_OBJECT_LABELS,
  DECLARATION_DIRECTION_LABELS,
  DECLARATION_STATUS_LABELS,
  documentDate,
  INSPECTION_MODE_LABELS,
  initiatorLabel,
  padId,
  RELEASE_CONDITION_LABELS,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../platform/auth/context';
import type { Clock } from '../../../platform/clock';
import { contacts, users } from '../../../platform/identity/tables';
import type { CallContext } from '../../../platform/resources';
import { orders } from '../../operations';
import { customsPoints } from '../tables';
import { declarationService } from './service';

type Ctx = CallContext & { auth: Principal; clock?: Clock };

const FIELDS = [
  { tag: 'number', label: initiatorLabel('Номер ДТ', 'DT number') },
  { tag: 'status', label: initiatorLabel('Статус', 'Status') },
  { tag: 'orderNumber', label: initiatorLabel('Номер заказа', 'Order number') },
  { tag: 'clientName', label: initiatorLabel('Клиент', 'Client') },
  { tag: 'direction', label: initiatorLabel('Направление', 'Direction') },
  { tag: 'procedureCode', label: initiatorLabel('Код процедуры', 'Procedure code') },
  { tag: 'customsPointCode', label: initiatorLabel('Код таможенного поста', 'Customs point code') },
  { tag: 'customsPointName', label: initiatorLabel('Таможенный пост', 'Customs point') },
  { tag: 'bondedTerminal', label: initiatorLabel('СВХ', 'Bonded terminal') },
  { tag: 'releaseCondition', label: initiatorLabel('Условия выпуска', 'Release conditions') },
  { tag: 'customsObject', label: initiatorLabel('Объект', 'Customs object') },
  { tag: 'inspectionMode', label: initiatorLabel('Форма осмотра', 'Inspection mode') },
  { tag: 'controlKind', label: initiatorLabel('Контроль', 'Control') },
  { tag: 'decisionCode', label: initiatorLabel('Код решения', 'Decision code') },
  { tag: 'registrationDate', label: initiatorLabel('Дата регистрации', 'Registration date') },
  { tag: 'decisionDate', label: initiatorLabel('Дата решения', 'Decision date') },
  { tag: 'declarantName', label: initiatorLabel('Декларант', 'Declarant') },
  { tag: 'customsSpecialistName', label: initiatorLabel('Таможенный специалист', 'Customs specialist') },
  { tag: 'comment', label: initiatorLabel('Комментарий', 'Comment') },
  { tag: 'today', label: initiatorLabel('Сегодняшняя дата', "Today's date") },
  {
    tag: 'items',
    label: initiatorLabel('Товары (цикл)', 'Items (loop)'),
    items: [
      { tag: 'position', label: initiatorLabel('№', 'No.') },
      { tag: 'tnvedCode', label: initiatorLabel('Код ТН ВЭД', 'TNVED code') },
      { tag: 'description', label: initiatorLabel('Описание', 'Description') },
      { tag: 'grossWeight', label: initiatorLabel('Вес брутто, кг', 'Gross weight, kg') },
      { tag: 'netWeight', label: initiatorLabel('Вес нетто, кг', 'Net weight, kg') },
      { tag: 'customsValue', label: initiatorLabel('Таможенная стоимость', 'Customs value') },
    ],
  },
];

/** A weight or a value as a Russian document prints it: a decimal comma. */
const decimal = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');

async function personName(ctx: Ctx, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await ctx.tx
    .select({ name: contacts.name })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

async function loadDeclaration(ctx: Ctx, id: number) {
  const row = await declarationService.find(ctx, id, { access: 'read' });
  const [point] = await ctx.tx
    .select({ code: customsPoints.code, name: customsPoints.name })
    .from(customsPoints)
    .where(eq(customsPoints.id, row.customsPointId));
  const [order] = await ctx.tx
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  return {
    title: row.number ?? `ДТ ${padId(row.id)}`,
    data: {
      number: row.number ?? '',
      status: DECLARATION_STATUS_LABELS[row.status].ru,
      orderNumber: order ? padId(order.number) : '',
      clientName: row.clientName ?? '',
      direction: DECLARATION_DIRECTION_LABELS[row.direction as 'IM' | 'EK']?.ru ?? row.direction,
      procedureCode: row.procedureCode,
      customsPointCode: point?.code ?? '',
      customsPointName: point?.name ?? '',
      bondedTerminal: row.bondedTerminal ?? '',
      releaseCondition:
        RELEASE_CONDITION_LABELS[row.releaseCondition as keyof typeof RELEASE_CONDITION_LABELS]?.ru ?? '',
      customsObject: CUSTOMS_OBJECT_LABELS[row.customsObject as keyof typeof CUSTOMS_OBJECT_LABELS]?.ru ?? '',
      inspectionMode: INSPECTION_MODE_LABELS[row.inspectionMode]?.ru ?? '',
      controlKind: row.controlKind ? CONTROL_KIND_LABELS[row.controlKind].ru : '',
      decisionCode: row.decisionCode ?? '',
      registrationDate: documentDate(row.registrationDate),
      decisionDate: documentDate(row.decisionAt),
      declarantName: await personName(ctx, row.declarantId),
      customsSpecialistName: await personName(ctx, row.customsSpecialistId),
      comment: row.comment ?? '',
      today: documentDate(ctx.clock?.() ?? new Date()),
      items: row.items.map((item, index) => ({
        position: String(index + 1),
        tnvedCode: item.tnvedCode,
        description: item.description,
        grossWeight: decimal(item.grossWeight),
        netWeight: decimal(item.netWeight),
        customsValue: decimal(item.customsValue),
      })),
    },
  };
}

/** The documents module's initiator customs answers for: a declaration with a loop over its items. */
export const DECLARATION_DOCUMENT_INITIATORS = {
  customsDeclaration: {
    label: initiatorLabel('Декларация на товары', 'Customs declaration'),
    fields: FIELDS,
    load: loadDeclaration,
  },
};
