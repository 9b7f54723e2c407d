import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyParent } from './counterparty';
import { latinCyrillicTextSchema } from './schemas';

/** How a driver's identity was checked by the security service. */
export const IDENTITY_VERIFICATIONS = ['verified', 'not_verified', 'delay'] as const;
export type IdentityVerification = (typeof IDENTITY_VERIFICATIONS)[number];
export const IDENTITY_VERIFICATION_LABELS: Readonly<Record<IdentityVerification, LocalizedText>> = {
  verified: { ru: 'Проверен', en: 'Verified' },
  not_verified: { ru: 'Не проверен', en: 'Not verified' },
  delay: { ru: 'Проверка отложена', en: 'Delayed' },
};

/**
 * A driver of a contractor (carrier). `passportIssuedAt` and `birthDate` must not be in the future
 * (checked by the server against its clock, so the browser's time zone does not matter).
 */
export const counterpartyDriverResource = declareResource({
  name: 'counterparty_driver',
  path: '/counterparty-drivers',
  title: 'counterparties.drivers.title',
  itemTitle: 'counterparties.drivers.item',
  keys: 'counterparties.drivers',
  fields: {
    counterpartyId: counterpartyParent(),
    name: f.text().input(latinCyrillicTextSchema.min(1).max(255)).listed().searchable().sortable(),
    phone: f.text({ max: 64 }).optional().listed().searchable(),
    birthDate: f.date().optional(),
    passportSeries: f.text({ max: 16 }).optional(),
    passportNumber: f.text({ max: 32 }).optional().searchable(),
    passportIssuedBy: f.text({ max: 500 }).optional(),
    passportIssuedAt: f.date().optional(),
    licenseNumber: f.text({ max: 32 }).optional().listed().searchable(),
    insuranceVerified: f.boolean().defaulted().listed().filterable(),
    insuranceVerifiedAt: f.date().optional(),
    identityVerification: f
      .enum(IDENTITY_VERIFICATIONS, IDENTITY_VERIFICATION_LABELS)
      .optional()
      .listed()
      .filterable(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyDriver = z.infer<typeof counterpartyDriverResource.entity>;
