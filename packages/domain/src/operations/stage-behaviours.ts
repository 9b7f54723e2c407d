import { z } from 'zod';
import type { LocalizedText } from '../common/resource';

/**
 * What closing or opening a stage of a type sets off elsewhere (spec §4 "Stage behaviours"). A module that
 * reacts to a stage adds its behaviour here, so stage types can carry it and the forms list it.
 */
export interface StageBehaviourDef {
  code: string;
  labels: LocalizedText;
}

export const STAGE_BEHAVIOURS = [
  {
    code: 'WMS_AA',
    labels: { ru: 'Уведомление о приёмке на склад (WMS)', en: 'Advice of acceptance to the warehouse (WMS)' },
  },
  {
    code: 'WMS_AR',
    labels: { ru: 'Уведомление о выдаче со склада (WMS)', en: 'Advice of release from the warehouse (WMS)' },
  },
  {
    code: 'IGNORE_OP_START_DATE',
    labels: { ru: 'Не учитывать дату начала заказа', en: 'Ignore the order start date' },
  },
  { code: 'MARK_ORDER_READY', labels: { ru: 'Отметить заказ готовым', en: 'Mark the order ready' } },
  { code: 'WAREHOUSE_IN', labels: { ru: 'Поступление на склад', en: 'Warehouse in' } },
  { code: 'WAREHOUSE_OUT', labels: { ru: 'Выдача со склада', en: 'Warehouse out' } },
  { code: 'CUSTOMS_OTHER', labels: { ru: 'Таможня: прочее', en: 'Customs: other' } },
  { code: 'EXPENSES_FILED', labels: { ru: 'Расходы внесены', en: 'Expenses filed' } },
  { code: 'IGNORE_ARCHIVER', labels: { ru: 'Не архивировать', en: 'Ignore the archiver' } },
  { code: 'FAILURE', labels: { ru: 'Срыв', en: 'Failure' } },
  {
    code: 'AUTO_SET_ORDER_COMPLETION_DATE',
    labels: { ru: 'Проставить дату завершения заказа', en: 'Set the order completion date' },
  },
  {
    code: 'CZ_MARKING_STARTED',
    labels: { ru: 'Маркировка «Честный знак» начата', en: 'Chestny ZNAK marking started' },
  },
  {
    code: 'CZ_MARKING_COMPLETED',
    labels: { ru: 'Маркировка «Честный знак» завершена', en: 'Chestny ZNAK marking completed' },
  },
  { code: 'DOCUMENT_GENERATION', labels: { ru: 'Формирование документов', en: 'Document generation' } },
] as const satisfies readonly StageBehaviourDef[];

export type StageBehaviour = (typeof STAGE_BEHAVIOURS)[number]['code'];

/** `CUSTOMS_<product code>`: customs formalities of one product; the product must exist. */
export const CUSTOMS_BEHAVIOUR_PREFIX = 'CUSTOMS_';
export const customsBehaviourOf = (productCode: string) => `${CUSTOMS_BEHAVIOUR_PREFIX}${productCode}`;

const FIXED = new Set<string>(STAGE_BEHAVIOURS.map((b) => b.code));

/** The product code of a `CUSTOMS_<product>` behaviour, or null for any other behaviour. */
export function customsBehaviourProduct(behaviour: string): string | null {
  if (FIXED.has(behaviour) || !behaviour.startsWith(CUSTOMS_BEHAVIOUR_PREFIX)) return null;
  const code = behaviour.slice(CUSTOMS_BEHAVIOUR_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}

/** A behaviour of the registry or a well-formed `CUSTOMS_<product>` (whose product the server checks). */
export function isStageBehaviour(value: string): boolean {
  return FIXED.has(value) || customsBehaviourProduct(value) !== null;
}

export const STAGE_BEHAVIOUR_MESSAGES = {
  unknown: 'This value is not a valid stage behaviour.',
  unknownProduct: 'The customs behaviour names a product that does not exist.',
  productInUse: 'product named in stage type behaviours',
  productCodeInUse:
    'Stage types name this product by its code in a customs behaviour; the code cannot change.',
  warehouseInAndOut:
    'A stage cannot both receive cargo into the warehouse and release it (WAREHOUSE_IN with WAREHOUSE_OUT).',
} as const;

/** A stage type's behaviours: known values, each once, never warehouse in and out together. */
export const stageBehavioursSchema = z
  .array(z.string().trim().refine(isStageBehaviour, STAGE_BEHAVIOUR_MESSAGES.unknown))
  .max(50)
  .overwrite((values) => [...new Set(values)])
  .refine(
    (values) => !(values.includes('WAREHOUSE_IN') && values.includes('WAREHOUSE_OUT')),
    STAGE_BEHAVIOUR_MESSAGES.warehouseInAndOut,
  );
