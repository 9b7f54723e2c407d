import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyParent } from '../counterparties/counterparty';
import { latinCyrillicTextSchema } from '../counterparties/schemas';

/**
 * Where a driver's identity check stands: not yet submitted (`draft`), submitted by the carrier and waiting
 * for the back office (`pending`), `verified`, or `rejected` with a reason.
 */
export const DRIVER_VERIFICATION_STATUSES = ['draft', 'pending', 'verified', 'rejected'] as const;
export type DriverVerificationStatus = (typeof DRIVER_VERIFICATION_STATUSES)[number];
export const DRIVER_VERIFICATION_LABELS: Readonly<Record<DriverVerificationStatus, LocalizedText>> = {
  draft: { ru: 'Не отправлен на проверку', en: 'Not submitted' },
  pending: { ru: 'На проверке', en: 'Pending verification' },
  verified: { ru: 'Проверен', en: 'Verified' },
  rejected: { ru: 'Отклонён', en: 'Rejected' },
};

/** Driving licence categories of the Russian licence (and the Vienna convention's, which it follows). */
export const LICENSE_CATEGORIES = [
  'A',
  'A1',
  'B',
  'B1',
  'BE',
  'C',
  'C1',
  'CE',
  'C1E',
  'D',
  'D1',
  'DE',
  'D1E',
  'M',
  'TM',
  'TB',
] as const;

/** Stable English messages of the carriers' rules; the web translates them (messages.json). */
export const CARRIER_MESSAGES = {
  licenseCategories: 'Licence categories are A, A1, B, B1, BE, C, C1, CE, C1E, D, D1, DE, D1E, M, Tm, Tb.',
  licenseExpired: 'The driving licence has expired.',
  verificationState: 'The driver is not in a state this step starts from.',
  plateTaken: 'The carrier already has a vehicle with this plate.',
  driverNotVerified: 'Only a verified driver can be put on a trip.',
} as const;

/** Licence categories as typed ("c, ce", "C CE") → as stored: known ones, upper-cased, in the order above. */
export const licenseCategoriesSchema = z
  .string()
  .trim()
  .max(64)
  .transform((value, ctx) => {
    const typed = value
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean)
      // Cyrillic lookalikes typed on a Russian keyboard.
      .map((c) =>
        c
          .replace(/А/g, 'A')
          .replace(/В/g, 'B')
          .replace(/С/g, 'C')
          .replace(/Е/g, 'E')
          .replace(/М/g, 'M')
          .replace(/Т/g, 'T'),
      );
    const known = new Set<string>(LICENSE_CATEGORIES);
    if (typed.some((c) => !known.has(c))) {
      ctx.addIssue({ code: 'custom', message: CARRIER_MESSAGES.licenseCategories });
      return z.NEVER;
    }
    return LICENSE_CATEGORIES.filter((c) => typed.includes(c)).join(', ');
  });

/**
 * The members whose change is a change of the person or his papers: a verified driver changed in one of
 * them goes back to pending verification.
 */
export const DRIVER_IDENTITY_FIELDS = [
  'name',
  'birthDate',
  'passportSeries',
  'passportNumber',
  'passportIssuedBy',
  'passportIssuedAt',
  'licenseNumber',
  'licenseCategories',
  'licenseExpiresAt',
] as const;

/** What a driver submitted for verification must have filled in. */
export const DRIVER_REQUIRED_FOR_VERIFICATION = [
  'passportNumber',
  'passportIssuedBy',
  'passportIssuedAt',
  'licenseNumber',
  'licenseCategories',
  'licenseExpiresAt',
] as const;

/**
 * The person and his papers, as the back office and the carrier's cabinet both write them (fresh builders
 * each call, so the two resources declare their own).
 */
export const driverPersonFields = () => ({
  name: f.text().input(latinCyrillicTextSchema.min(1).max(255)).listed().searchable().sortable(),
  phone: f.text({ max: 64 }).optional().listed().searchable(),
  birthDate: f.date().optional(),
  passportSeries: f.text({ max: 16 }).optional(),
  passportNumber: f.text({ max: 32 }).optional().searchable(),
  passportIssuedBy: f.text({ max: 500 }).optional(),
  passportIssuedAt: f.date().optional(),
  licenseNumber: f.text({ max: 32 }).optional().listed().searchable(),
  licenseCategories: f.text({ max: 64 }).input(licenseCategoriesSchema).optional().listed(),
  licenseExpiresAt: f.date().optional(),
});

/**
 * A driver of a contractor (carrier): his passport and driving licence, checked by the back office before
 * he may be named on work. `birthDate` and `passportIssuedAt` must not be in the future (checked by the
 * server against its clock, so the browser's time zone does not matter). The verification status moves only
 * by the verification steps and by a change of the identity fields, never by a write of the record.
 */
export const counterpartyDriverResource = declareResource({
  name: 'counterparty_driver',
  path: '/counterparty-drivers',
  title: 'counterparties.drivers.title',
  itemTitle: 'counterparties.drivers.item',
  keys: 'counterparties.drivers',
  fields: {
    counterpartyId: counterpartyParent(),
    ...driverPersonFields(),
    insuranceVerified: f.boolean().defaulted().filterable(),
    insuranceVerifiedAt: f.date().optional(),
    verificationStatus: f
      .enum(DRIVER_VERIFICATION_STATUSES, DRIVER_VERIFICATION_LABELS)
      .readOnly()
      .hiddenInForm()
      .listed()
      .filterable()
      .sortable(),
    // Both shown by the verification's own block above the form.
    verificationReason: f.text({ max: 1000 }).optional().readOnly().hiddenInForm(),
    updatedAt: f.updatedAt(),
  },
  // The security check (verifying drivers) reads every carrier's drivers.
  roles: { view: [...COUNTERPARTY_ROLES.view, 'ROLE_DRIVER_VERIFICATION'], edit: COUNTERPARTY_ROLES.edit },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyDriver = z.infer<typeof counterpartyDriverResource.entity>;

/** A step of a driver's verification: rejecting needs its reason. */
export const driverVerificationStepSchema = z.object({
  version: z.number().int().optional(),
  reason: z.string().trim().max(1000).optional(),
});
export type DriverVerificationStep = z.infer<typeof driverVerificationStepSchema>;

/** One move of a driver's verification status: who, when, from → to, why. */
export const driverVerificationEventSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(DRIVER_VERIFICATION_STATUSES).nullable(),
  toStatus: z.enum(DRIVER_VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  /** `user`: a staff user (named); `cabinet`: the carrier through his cabinet; `system`. */
  actor: z.enum(['user', 'cabinet', 'system']),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type DriverVerificationEvent = z.infer<typeof driverVerificationEventSchema>;
