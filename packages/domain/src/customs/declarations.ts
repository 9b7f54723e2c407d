import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles } from '../common/field-roles';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { updateSchemaOf } from '../common/resource';
import { formatError, MESSAGES } from '../common/validation';
import { counterpartyResource } from '../counterparties/counterparty';
import { orderResource } from '../operations/order';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { requestResource } from '../requests/request';
import { colleagueReference } from '../users';
import { customsPointResource } from './customs-points';
import {
  CONTROL_KIND_LABELS,
  CONTROL_KINDS,
  DECLARATION_STATUS_LABELS,
  DECLARATION_STATUSES,
  INSPECTION_MODE_LABELS,
  INSPECTION_MODES,
} from './declarations-status';

export const DECLARATION_NUMBER_MESSAGES = {
  format: 'Enter the number as 8-digit customs code/DDMMYY/7-digit serial (e.g. 10702070/070219/0023698).',
  date: 'The registration date in the number is not a real date.',
} as const;

const NUMBER = /^(\d{8})\/(\d{2})(\d{2})(\d{2})\/(\d{7})$/;

/** The parts of a DT number `КККККККК/ДДММГГ/NNNNNNN`, or null when it is not one (a date that does not exist too). */
export function parseDeclarationNumber(
  value: string,
): { customsCode: string; registrationDate: string; serial: string } | null {
  const match = NUMBER.exec(value);
  if (!match) return null;
  const [, customsCode, dd, mm, yy, serial] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const year = 2000 + Number(yy);
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== Number(mm) - 1 ||
    date.getUTCDate() !== Number(dd)
  )
    return null;
  return { customsCode, registrationDate: `${year}-${mm}-${dd}`, serial };
}

/** A DT number: the format, then a registration date that exists (31.02 is refused). */
export const declarationNumberSchema = z
  .string()
  .trim()
  .regex(NUMBER, formatError(DECLARATION_NUMBER_MESSAGES.format))
  .refine(
    // The format's refusal alone when the format is wrong.
    (value) => !NUMBER.test(value) || parseDeclarationNumber(value) !== null,
    DECLARATION_NUMBER_MESSAGES.date,
  );

/** ИМ (import) or ЭК (export), graph 1 of the DT. */
export const DECLARATION_DIRECTIONS = ['IM', 'EK'] as const;
export const DECLARATION_DIRECTION_LABELS: Readonly<
  Record<(typeof DECLARATION_DIRECTIONS)[number], LocalizedText>
> = {
  IM: { ru: 'ИМ (импорт)', en: 'IM (import)' },
  EK: { ru: 'ЭК (экспорт)', en: 'EK (export)' },
};

/** Spec §9: who releases: customs (CR) or the client (CS), each with its automatic variant. */
export const RELEASE_CONDITIONS = ['customs', 'client', 'customs_a', 'client_a'] as const;
export const RELEASE_CONDITION_LABELS: Readonly<Record<(typeof RELEASE_CONDITIONS)[number], LocalizedText>> =
  {
    customs: { ru: 'Таможня (CR)', en: 'Customs (CR)' },
    client: { ru: 'Клиент (CS)', en: 'Client (CS)' },
    customs_a: { ru: 'Таможня, автовыпуск', en: 'Customs, automatic' },
    client_a: { ru: 'Клиент, автовыпуск', en: 'Client, automatic' },
  };

/** Spec §9: the customs object. */
export const CUSTOMS_OBJECTS = ['departure', 'arrival', 'other'] as const;
export const CUSTOMS_OBJECT_LABELS: Readonly<Record<(typeof CUSTOMS_OBJECTS)[number], LocalizedText>> = {
  departure: { ru: 'Отправление', en: 'Departure' },
  arrival: { ru: 'Прибытие', en: 'Arrival' },
  other: { ru: 'Прочее', en: 'Other' },
};

export const TNVED_FORMAT_MESSAGE = 'Enter the 10 digits of the TNVED code.';

/**
 * One item (товар, graphs 31–46) of the DT: its TNVED code (checked here by its format only, 10 digits),
 * description, weights and customs value.
 */
export const declarationItemSchema = z.object({
  tnvedCode: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{10}$/, formatError(TNVED_FORMAT_MESSAGE))),
  description: z.string().trim().min(1).max(1000),
  grossWeight: z.number().positive().max(1e9).nullable().optional(),
  netWeight: z.number().positive().max(1e9).nullable().optional(),
  customsValue: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,2})?$/, formatError(MESSAGES.invalid))
    .nullable()
    .optional(),
  /**
   * The marking codes (КИ, `01<GTIN>21<serial>`) of the item's goods, graph 31 element 13: the server fills
   * them from the order's cargo line with the item's TNVED code (docs/marking.md), whatever is sent.
   */
  markingCodes: z.array(z.string().max(100)).optional(),
});
export type DeclarationItem = z.infer<typeof declarationItemSchema>;
export const MAX_DECLARATION_ITEMS = 999;

/** The items as one text: "8517130000 Смартфоны; 8703239087 Автомобили". */
export function declarationItemsText(items: readonly DeclarationItem[] | undefined): string {
  return (items ?? []).map((item) => `${item.tnvedCode} ${item.description}`).join('; ');
}

/**
 * The customs roles of declarations (spec §6 "Customs" has none for them; added here). Reading is scoped
 * (`ROLE_CUSTOMS_DECLARATION_VIEW_{OWN,OFFICE,ALL}`, docs/customs.md "Who does what"); the edit and status
 * roles open the declarations too, within the holder's view scope when he has one.
 */
export const DECLARATION_ROLES = {
  view: [
    ...rolesOfScopedPermission('ROLE_CUSTOMS_DECLARATION_VIEW'),
    'ROLE_CUSTOMS_DECLARATION_EDIT',
    'ROLE_CUSTOMS_DECLARATION_STATUS',
  ],
  edit: ['ROLE_CUSTOMS_DECLARATION_EDIT'],
} as const satisfies { view: readonly Role[]; edit: readonly Role[] };

/**
 * Who may change the people: the declarant hands over with the declarant acceptance role, the customs
 * specialist is changed with the specialist change role (spec §6 "Orders and jobs").
 */
const DECLARATION_FIELD_RULES = defineFieldRoles({
  roles: {
    declarantId: 'ROLE_ORDER_DECLARANT_ACCEPTANCE',
    customsSpecialistId: 'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE',
  },
  freeOnCreate: ['declarantId', 'customsSpecialistId'],
});

/**
 * Customs declarations (DT, `/tms/customs`): one order's declaration of its goods, moved by the customs
 * authority's messages (declarations-status.ts). docs/customs.md "Declarations".
 */
export const customsDeclarationResource = declareResource({
  fieldRoles: DECLARATION_FIELD_RULES,
  name: 'customs_declaration',
  path: '/tms/customs',
  title: 'customsDeclarations.title',
  itemTitle: 'customsDeclarations.item',
  keys: 'customsDeclarations.fields',
  fields: {
    /** Assigned by the authority at registration (the register move checks it). */
    number: f.text({ max: 30 }).optional().readOnly().listed().searchable().sortable(),
    status: f
      .enum(DECLARATION_STATUSES, DECLARATION_STATUS_LABELS)
      .readOnly()
      .listed()
      .filterable()
      .sortable(),
    controlKind: f.enum(CONTROL_KINDS, CONTROL_KIND_LABELS).optional().readOnly().listed(),
    decisionCode: f.text({ max: 2 }).optional().readOnly().listed(),
    orderId: f
      .reference(orderResource)
      .set({ reference: { path: orderResource.path, labelField: orderResource.labelField, padded: true } })
      .listed()
      .filterable(),
    requestId: f
      .reference(requestResource)
      .set({
        reference: { path: requestResource.path, labelField: requestResource.labelField, padded: true },
      })
      .optional()
      .filterable(),
    /** The order's client, kept with the declaration (the list filters and sorts by it). */
    clientId: f.reference(counterpartyResource).optional().readOnly().filterable().shownBy('clientName'),
    clientName: f.text().optional().readOnly().listed().searchable().sortable().hiddenInForm(),
    direction: f.enum(DECLARATION_DIRECTIONS, DECLARATION_DIRECTION_LABELS).listed().filterable(),
    /** The customs procedure code of graph 37 (40 release for domestic consumption, 10 export, ...). */
    procedureCode: f
      .text({ max: 2 })
      .input(
        z
          .string()
          .trim()
          .regex(/^\d{2}$/, formatError(MESSAGES.invalid)),
      )
      .listed()
      .filterable(),
    customsPointId: f.reference(customsPointResource).listed().filterable().width('wide'),
    /** The temporary storage warehouse (СВХ) holding the goods, graph 30. */
    bondedTerminal: f.text({ max: 255 }).optional().searchable(),
    releaseCondition: f.enum(RELEASE_CONDITIONS, RELEASE_CONDITION_LABELS).defaulted(),
    customsObject: f.enum(CUSTOMS_OBJECTS, CUSTOMS_OBJECT_LABELS).defaulted(),
    inspectionMode: f.enum(INSPECTION_MODES, INSPECTION_MODE_LABELS).defaulted().listed().filterable(),
    items: f
      .of('json', z.array(declarationItemSchema).max(MAX_DECLARATION_ITEMS), z.array(declarationItemSchema))
      .defaulted()
      .recordOnly()
      .hiddenInForm()
      .set({ exportText: (value) => declarationItemsText(value as DeclarationItem[] | undefined) }),
    declarantId: f.reference(colleagueReference).optional().listed().filterable(),
    declarantAcceptedAt: f.datetime().optional().readOnly(),
    customsSpecialistId: f.reference(colleagueReference).optional().listed().filterable(),
    customsSpecialistAcceptedAt: f.datetime().optional().readOnly(),
    /** The customs auto-assignment rule that named the specialist of a declaration created without one. */
    assignmentRuleId: f.integer().readOnly().optional().schemaOnly(),
    assignmentRuleName: f.text().readOnly().optional().hiddenInForm(),
    /** The customs auto-assignment rule that named the declarant of a declaration created without one. */
    declarantRuleId: f.integer().readOnly().optional().schemaOnly(),
    declarantRuleName: f.text().readOnly().optional().hiddenInForm(),
    /** The day of registration, the number's ДДММГГ: the period filter. */
    registrationDate: f.date().optional().readOnly().listed().filterable().sortable(),
    submittedAt: f.datetime().optional().readOnly(),
    registeredAt: f.datetime().optional().readOnly(),
    decisionAt: f.datetime().optional().readOnly(),
    /** Release time: minutes from registration to the decision. */
    releaseMinutes: f.integer().optional().readOnly(),
    statusChangedAt: f.datetime().optional().readOnly().sortable(),
    comment: f.textarea({ max: 4000 }).optional(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: DECLARATION_ROLES,
  labelField: 'number',
  defaultSort: { field: 'createdAt', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const customsDeclarationCreateSchema = customsDeclarationResource.create;
export type CustomsDeclarationCreate = z.infer<typeof customsDeclarationCreateSchema>;
export const customsDeclarationUpdateSchema = updateSchemaOf(customsDeclarationCreateSchema);
export const customsDeclarationSchema = customsDeclarationResource.entity;
export type CustomsDeclaration = z.infer<typeof customsDeclarationSchema>;

/** What a declaration may change once filed: the people (handing over) and the comment. */
export const DECLARATION_FIELDS_AFTER_FILING = ['declarantId', 'customsSpecialistId', 'comment'] as const;
