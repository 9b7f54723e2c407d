import { z } from 'zod';
import { MESSAGES } from '../common/validation';
import { CABINET_ROLES } from './users';

/**
 * A cabinet user's API key (issue 37): a machine acting as him, limited to the roles it was given (a subset
 * of his own, read again on every call) and to the addresses of its allow-list (empty: any). Shown once when
 * issued, kept as its hash, revocable; it stops working while its user is disabled.
 */
export const CABINET_API_KEY_PREFIX = 'tmsk_';

/** Stable English messages of the cabinet users' keys (the web translates them in messages.json). */
export const CABINET_KEY_MESSAGES = {
  rolesNotHeld: 'A key may hold only roles its user holds.',
  addressRefused: 'This API key is not allowed from your address.',
  sessionOnly: 'API keys are managed from a signed-in session, not with a key.',
} as const;

/** A key as its user, his cabinet's administrator and the back office see it (never the key itself). */
export const cabinetApiKeySchema = z.object({
  id: z.number().int(),
  cabinetUserId: z.number().int(),
  name: z.string(),
  /** Its first characters, to tell keys apart. */
  prefix: z.string(),
  roles: z.array(z.enum(CABINET_ROLES)),
  allowedIps: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type CabinetApiKey = z.infer<typeof cabinetApiKeySchema>;

/** `POST .../api-keys`: its name, the roles it may use (at least one) and the addresses it is allowed from. */
export const cabinetApiKeyCreateSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.blank).max(100, MESSAGES.tooLong),
  roles: z
    .array(z.enum(CABINET_ROLES))
    .min(1, MESSAGES.blank)
    .max(CABINET_ROLES.length)
    .overwrite((list) => [...new Set(list)]),
  allowedIps: z
    .array(z.string().trim().min(1, MESSAGES.blank).max(100, MESSAGES.tooLong))
    .max(100)
    .default([]),
});
export type CabinetApiKeyCreate = z.infer<typeof cabinetApiKeyCreateSchema>;

/** The answer of an issue: the key, shown this once, and its record. */
export const cabinetApiKeyIssuedSchema = z.object({ key: cabinetApiKeySchema, apiKey: z.string() });
export type CabinetApiKeyIssued = z.infer<typeof cabinetApiKeyIssuedSchema>;

/**
 * What the cabinets log for the PCC analytics (`cabinet_events`): sign-ins (ok and failed), an order's
 * tracking opened, a document downloaded, a request created, a quote accepted (a booking).
 */
export const CABINET_EVENTS = [
  'login',
  'loginFailed',
  'trackingView',
  'download',
  'requestCreated',
  'booking',
] as const;
export type CabinetEvent = (typeof CABINET_EVENTS)[number];
