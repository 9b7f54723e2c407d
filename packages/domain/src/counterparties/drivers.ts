import { z } from 'zod';
import { updatedAtField } from '../common/dictionary';
import type { LocalizedText } from '../common/resource';
import { defineResource, entityBase } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyIdField } from './counterparty';
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
export const counterpartyDriverCreateSchema = z.object({
  counterpartyId: z.number().int().positive(),
  name: latinCyrillicTextSchema.min(1).max(255),
  phone: z.string().trim().max(64).nullable().optional(),
  birthDate: z.iso.date().nullable().optional(),
  passportSeries: z.string().trim().max(16).nullable().optional(),
  passportNumber: z.string().trim().max(32).nullable().optional(),
  passportIssuedBy: z.string().trim().max(500).nullable().optional(),
  passportIssuedAt: z.iso.date().nullable().optional(),
  licenseNumber: z.string().trim().max(32).nullable().optional(),
  insuranceVerified: z.boolean().optional(),
  insuranceVerifiedAt: z.iso.date().nullable().optional(),
  identityVerification: z.enum(IDENTITY_VERIFICATIONS).nullable().optional(),
});
export const counterpartyDriverSchema = z.object({
  ...entityBase,
  counterpartyId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  passportSeries: z.string().nullable(),
  passportNumber: z.string().nullable(),
  passportIssuedBy: z.string().nullable(),
  passportIssuedAt: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  insuranceVerified: z.boolean(),
  insuranceVerifiedAt: z.string().nullable(),
  identityVerification: z.enum(IDENTITY_VERIFICATIONS).nullable(),
});
export type CounterpartyDriver = z.infer<typeof counterpartyDriverSchema>;

const field = (name: string) => ({
  name,
  label: `counterparties.drivers.${name}`,
});

export const counterpartyDriverResource = defineResource({
  name: 'counterparty_driver',
  path: '/counterparty-drivers',
  title: 'counterparties.drivers.title',
  itemTitle: 'counterparties.drivers.item',
  titles: { ru: 'Водители', en: 'Drivers' },
  entity: counterpartyDriverSchema,
  create: counterpartyDriverCreateSchema,
  fields: [
    counterpartyIdField,
    { ...field('name'), type: 'text', listed: true, searchable: true, sortable: true },
    { ...field('phone'), type: 'text', listed: true, searchable: true },
    { ...field('birthDate'), type: 'date' },
    { ...field('passportSeries'), type: 'text' },
    { ...field('passportNumber'), type: 'text', searchable: true },
    { ...field('passportIssuedBy'), type: 'text' },
    { ...field('passportIssuedAt'), type: 'date' },
    {
      ...field('licenseNumber'),
      type: 'text',
      listed: true,
      searchable: true,
    },
    {
      ...field('insuranceVerified'),
      type: 'boolean',
      listed: true,
      filterable: true,
    },
    { ...field('insuranceVerifiedAt'), type: 'date' },
    {
      ...field('identityVerification'),
      type: 'enum',
      options: IDENTITY_VERIFICATIONS,
      optionLabels: IDENTITY_VERIFICATION_LABELS,
      listed: true,
      filterable: true,
    },
    updatedAtField,
  ],
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
