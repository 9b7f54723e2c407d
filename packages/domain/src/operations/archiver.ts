import type { LocalizedText } from '../common/resource';
import type { CustomFieldDefinition } from '../custom-fields/definitions';
import { archiveBlockingFields, type CustomFieldValues, isBlankValue } from '../custom-fields/values';
import type { OperationType } from './actor';
import type { Stage } from './stages';
import { DEFAULT_STAGE_RULES, ignoredByArchiver, type StageRules } from './stages';

/**
 * Why the archiver leaves an order or job out of the archive (spec §4 "Auto-archive conditions"); it
 * archives only an operation with none of them.
 */
export const ARCHIVE_BLOCKERS = [
  'archived',
  'noStages',
  'openStages',
  'tooRecent',
  'inWarehouse',
  'applicationMissing',
  'waitingForJobs',
  'requiredCustomFields',
  'blockArchiveCustomFields',
] as const;
export type ArchiveBlocker = (typeof ARCHIVE_BLOCKERS)[number];

export const ARCHIVE_BLOCKER_LABELS: Readonly<Record<ArchiveBlocker, LocalizedText>> = {
  archived: { ru: 'Уже в архиве', en: 'Already archived' },
  noStages: { ru: 'Нет этапов', en: 'Has no stages' },
  openStages: { ru: 'Не все этапы закрыты', en: 'Not every stage is closed' },
  tooRecent: {
    ru: 'С закрытия последнего этапа прошло меньше установленного срока',
    en: 'The configured time since the last closed stage has not passed',
  },
  inWarehouse: { ru: 'Груз на складе', en: 'The cargo is in a warehouse' },
  applicationMissing: { ru: 'Не загружена заявка клиента', en: 'The customer application is not loaded' },
  waitingForJobs: { ru: 'Не все работы заказа в архиве', en: 'Waiting for the jobs of the order' },
  requiredCustomFields: {
    ru: 'Не заполнены обязательные пользовательские поля',
    en: 'Required custom fields are empty',
  },
  blockArchiveCustomFields: {
    ru: 'Не заполнены поля, без которых архивирование запрещено',
    en: 'Custom fields that block the archive when empty are empty',
  },
};

/**
 * The blockers that only concern the archiver's own schedule (already archived, the configured days since
 * the last stage not passed yet): a user archiving by hand skips that wait on purpose.
 */
const SCHEDULE_ONLY: ReadonlySet<ArchiveBlocker> = new Set(['archived', 'tooRecent']);

/**
 * What a user archiving by hand is warned of: the blockers saying the shipment itself is not done (open
 * stages, jobs not archived, cargo in a warehouse, a missing application, empty custom fields).
 */
export function manualArchiveWarnings(blockers: readonly ArchiveBlocker[]): ArchiveBlocker[] {
  return blockers.filter((blocker) => !SCHEDULE_ONLY.has(blocker));
}

export interface ArchiveFacts {
  operation: OperationType;
  archived: boolean;
  stages: readonly Pick<Stage, 'closed' | 'actualDate' | 'behaviours'>[];
  /** Today in the company's time zone (YYYY-MM-DD). */
  today: string;
  /** The system option `archiveAfterDays`. */
  archiveAfterDays: number;
  inWarehouse: boolean;
  /** The client must sign an application (counterparty `applicationRequired`); jobs: false. */
  applicationRequired: boolean;
  /** A file tagged as the customer application is attached. */
  applicationLoaded: boolean;
  /** For an order: how many of its jobs are not archived yet; jobs: 0. */
  jobsNotArchived: number;
  customFieldDefinitions: readonly CustomFieldDefinition[];
  customFields: CustomFieldValues | null | undefined;
}

/** Whole days from `from` to `to` (dates YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Every reason the operation cannot be archived automatically, or [] when the archiver may archive it.
 * Stages with IGNORE_ARCHIVER do not count: they may stay open, and an operation with no other stage has
 * nothing telling that the shipment is done.
 */
export function archiveBlockers(
  facts: ArchiveFacts,
  rules: StageRules = DEFAULT_STAGE_RULES,
): ArchiveBlocker[] {
  const blockers: ArchiveBlocker[] = [];
  if (facts.archived) blockers.push('archived');
  const counted = facts.stages.filter((stage) => !ignoredByArchiver(stage.behaviours, rules));
  if (counted.length === 0) blockers.push('noStages');
  else if (counted.some((stage) => !stage.closed)) blockers.push('openStages');
  else {
    const last = counted
      .map((stage) => stage.actualDate)
      .filter((date): date is string => Boolean(date))
      .sort()
      .at(-1);
    if (!last || daysBetween(last, facts.today) < facts.archiveAfterDays) blockers.push('tooRecent');
  }
  if (facts.inWarehouse) blockers.push('inWarehouse');
  if (facts.applicationRequired && !facts.applicationLoaded) blockers.push('applicationMissing');
  if (facts.operation === 'order' && facts.jobsNotArchived > 0) blockers.push('waitingForJobs');
  const enabled = facts.customFieldDefinitions.filter((d) => d.enabled);
  if (enabled.some((d) => d.required && isBlankValue(facts.customFields?.[d.code]))) {
    blockers.push('requiredCustomFields');
  }
  if (archiveBlockingFields(facts.customFieldDefinitions, facts.customFields).length > 0) {
    blockers.push('blockArchiveCustomFields');
  }
  return blockers;
}
