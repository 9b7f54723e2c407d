import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { serviceOfficeResource } from '../company/service-offices';
import { counterpartyResource } from '../counterparties/counterparty';
import { customsPointResource } from '../customs/customs-points';
import { productResource } from '../operations/products';
import type { Role } from '../permissions';
import { countryResource } from '../reference-data/countries';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';
import { colleagueReference } from '../users';

/**
 * Auto-assignment (docs/assignment.md): ordered rules that give a new record its person. `forwarder`: an
 * order's or a request's forwarder; `customs`: a customs request's (later a declaration's) customs
 * specialist. One table, one mechanism; each kind is its own resource at its own screen.
 */
export const ASSIGNMENT_KINDS = ['forwarder', 'customs'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** Who of the rule gets the record: its one user, the next of its group in turn, or the least loaded. */
export const ASSIGNMENT_STRATEGY_LABELS = {
  user: { ru: 'Пользователь', en: 'User' },
  roundRobin: { ru: 'По очереди в группе', en: 'Round robin in the group' },
  leastLoaded: { ru: 'Наименее загруженный в группе', en: 'Least loaded in the group' },
} as const satisfies Record<string, LocalizedText>;
export type AssignmentStrategy = keyof typeof ASSIGNMENT_STRATEGY_LABELS;

/** Customs procedures a customs rule may require (spec §1 customs: import ИМ, export ЭК). */
export const CUSTOMS_PROCEDURE_LABELS = {
  IM: { ru: 'ИМ — выпуск для внутреннего потребления', en: 'IM — release for home use' },
  EK: { ru: 'ЭК — экспорт', en: 'EK — export' },
} as const satisfies Record<string, LocalizedText>;
export type CustomsProcedure = keyof typeof CUSTOMS_PROCEDURE_LABELS;
const CUSTOMS_PROCEDURES = Object.keys(CUSTOMS_PROCEDURE_LABELS) as [CustomsProcedure, ...CustomsProcedure[]];

/** Whom a customs rule gives the record: its customs specialist, or (a declaration) its declarant. */
export const CUSTOMS_ASSIGNEE_LABELS = {
  specialist: { ru: 'Таможенный специалист', en: 'Customs specialist' },
  declarant: { ru: 'Декларант', en: 'Declarant' },
} as const satisfies Record<string, LocalizedText>;
export type CustomsAssignee = keyof typeof CUSTOMS_ASSIGNEE_LABELS;
export const CUSTOMS_ASSIGNEES = Object.keys(CUSTOMS_ASSIGNEE_LABELS) as [
  CustomsAssignee,
  ...CustomsAssignee[],
];

export const ASSIGNMENT_MESSAGES = {
  userDisabled: 'This user is disabled.',
  userRequired: 'Choose the user the rule assigns to.',
  groupRequired: 'Choose the users of the group.',
  userNotInGroupStrategy: 'A rule assigning to one user has no group.',
} as const;

/** The screens (and API paths) of each kind's rules, spec §2. */
export const ASSIGNMENT_RULE_PATHS: Readonly<Record<AssignmentKind, string>> = {
  forwarder: '/forwarder-auto-assignment/rules',
  customs: '/cto-auto-assignment/rules',
};

/** Who manages each kind's rules (and previews them). */
export const ASSIGNMENT_RULE_ROLES = {
  forwarder: ['ROLE_FORWARDER_AUTO_ASSIGNMENT'],
  customs: ['ROLE_CTO_AUTO_ASSIGNMENT'],
} as const satisfies Record<AssignmentKind, readonly Role[]>;

const ids = (max: number) => z.array(z.number().int().positive()).max(max);

/** The conditions and the target both kinds share; an empty condition list matches any value. */
const commonFields = {
  /** First match wins: the smallest position is asked first. Moved by the reorder action only. */
  position: f.integer().readOnly().listed().sortable().width('short'),
  name: f.text({ max: 200 }).listed().searchable().sortable().width('wide'),
  // Who first (the list reads "rule → who", its conditions after), then when.
  strategy: f.enum(ASSIGNMENT_STRATEGY_LABELS).listed().filterable(),
  userId: f.reference(colleagueReference).optional().listed().filterable(),
  userIds: f.references(colleagueReference).input(ids(100)).defaulted().listed().filterable(),
  clientIds: f.references(counterpartyResource).input(ids(200)).defaulted().listed().filterable(),
  productIds: f.references(productResource).input(ids(200)).defaulted().filterable(),
  serviceOfficeIds: f.references(serviceOfficeResource).input(ids(100)).defaulted().listed().filterable(),
  dispatchCountryIds: f.references(countryResource).input(ids(300)).defaulted().listed().filterable(),
  deliveryCountryIds: f.references(countryResource).input(ids(300)).defaulted().listed().filterable(),
  transportTypes: f
    .of('tags', z.array(z.enum(TRANSPORT_TYPES)).max(TRANSPORT_TYPES.length), z.array(z.string()))
    .defaulted()
    .listed()
    .set({ options: [...TRANSPORT_TYPES], optionLabels: TRANSPORT_TYPE_LABELS }),
  /** The group's member who got the last record (round robin goes on after them). */
  lastAssignedUserId: f.reference(colleagueReference).readOnly().optional().hiddenInForm(),
  enabled: f.enabled(),
  updatedAt: f.updatedAt(),
};

const common = {
  keys: 'assignment.fields',
  labelField: 'name',
  defaultSort: { field: 'position', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
} as const;

/** Forwarders' auto-assignment rules (`/forwarder-auto-assignment/rules`): orders and requests. */
export const forwarderAssignmentRuleResource = declareResource({
  ...common,
  name: 'forwarder_assignment_rule',
  path: ASSIGNMENT_RULE_PATHS.forwarder,
  title: 'assignment.forwarder.title',
  itemTitle: 'assignment.forwarder.item',
  fields: commonFields,
  roles: { view: ASSIGNMENT_RULE_ROLES.forwarder, edit: ASSIGNMENT_RULE_ROLES.forwarder },
});

/** The customs rules' fields in the list's order: number and name, then whom the rule gives, then the rest. */
const { position: rulePosition, name: ruleName, ...ruleRest } = commonFields;

/**
 * Customs auto-assignment rules (`/cto-auto-assignment/rules`): the customs specialist of customs requests
 * and declarations, the declarant of declarations.
 */
export const customsAssignmentRuleResource = declareResource({
  ...common,
  name: 'customs_assignment_rule',
  path: ASSIGNMENT_RULE_PATHS.customs,
  title: 'assignment.customs.title',
  itemTitle: 'assignment.customs.item',
  fields: {
    // The list reads "rule → whom → who": the number and name first, then whom it gives.
    position: rulePosition,
    name: ruleName,
    /**
     * Whom the rule gives the record: the customs specialist (customs requests and declarations) or the
     * declarant (declarations). Each person of a declaration is asked of the rules giving that person.
     */
    assigns: f.enum(CUSTOMS_ASSIGNEE_LABELS).defaulted().listed().filterable(),
    ...ruleRest,
    customsPointIds: f.references(customsPointResource).input(ids(200)).defaulted().listed().filterable(),
    procedures: f
      .of('tags', z.array(z.enum(CUSTOMS_PROCEDURES)).max(CUSTOMS_PROCEDURES.length), z.array(z.string()))
      .defaulted()
      .listed()
      .set({ options: [...CUSTOMS_PROCEDURES], optionLabels: CUSTOMS_PROCEDURE_LABELS }),
  },
  roles: { view: ASSIGNMENT_RULE_ROLES.customs, edit: ASSIGNMENT_RULE_ROLES.customs },
});

export const ASSIGNMENT_RULE_RESOURCES = {
  forwarder: forwarderAssignmentRuleResource,
  customs: customsAssignmentRuleResource,
} as const;

export type AssignmentRuleEntity = z.infer<typeof customsAssignmentRuleResource.entity>;
