import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { isValidEmail } from '../counterparties/emails';

/**
 * Roles within a client's cabinet (spec §6 "Cabinet user management"): the cabinet administrator manages his
 * colleagues; requests lets a user ask for prices and accept quotes; finance lets him read bills. They are
 * the cabinet's own and never a staff role: `CabinetPrincipal.roles` holds them.
 */
export const CABINET_ROLES = ['CABINET_ADMIN', 'CABINET_REQUESTS', 'CABINET_FINANCE'] as const;
export type CabinetRole = (typeof CABINET_ROLES)[number];
export const CABINET_ROLE_LABELS: Readonly<Record<CabinetRole, LocalizedText>> = {
  CABINET_ADMIN: { ru: 'Администратор кабинета', en: 'Cabinet administrator' },
  CABINET_REQUESTS: { ru: 'Заявки и котировки', en: 'Requests and quotes' },
  CABINET_FINANCE: { ru: 'Счета', en: 'Bills' },
};
/**
 * What the counterparty's own API key (a machine client) may do: read and write requests, read bills; it
 * manages no users.
 */
export const CABINET_KEY_ROLES: readonly CabinetRole[] = ['CABINET_REQUESTS', 'CABINET_FINANCE'];

/** Stable English messages of the cabinets (the web translates them in messages.json). */
export const CABINET_MESSAGES = {
  notClient: 'Only a client may have a cabinet.',
  emailTaken: 'A cabinet user with this email already exists.',
  linkInvalid: 'The link is invalid or has expired. Ask for a new one.',
  disabled: 'The cabinet user is disabled.',
  ownAdmin: 'You cannot take the administrator role from yourself or disable yourself.',
} as const;

/** An invitation's or a reset's link is valid this long. */
export const CABINET_LINK_HOURS = 72;

const email = z
  .string()
  .trim()
  .min(1, MESSAGES.blank)
  .max(180, MESSAGES.tooLong)
  .refine(isValidEmail, MESSAGES.email)
  .transform((value) => value.toLowerCase());
const roles = z
  .array(z.enum(CABINET_ROLES))
  .max(CABINET_ROLES.length)
  .overwrite((list) => [...new Set(list)]);

/** A cabinet user as the back office and the cabinet's administrator see him. */
export const cabinetUserSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  counterpartyId: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(CABINET_ROLES)),
  disabled: z.boolean(),
  /** He has set a password (accepted the invitation). */
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CabinetUser = z.infer<typeof cabinetUserSchema>;

/** `POST .../cabinet-users`: invites a colleague by mail. */
export const cabinetUserInviteSchema = z.strictObject({
  email,
  name: z.string().trim().min(1, MESSAGES.blank).max(255, MESSAGES.tooLong),
  roles,
});
export type CabinetUserInvite = z.infer<typeof cabinetUserInviteSchema>;

/** `PUT .../cabinet-users/{id}`: name, roles, disabled; with the version read. */
export const cabinetUserUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.blank).max(255, MESSAGES.tooLong).optional(),
  roles: roles.optional(),
  disabled: z.boolean().optional(),
  version: z.number().int().positive(),
});
export type CabinetUserUpdate = z.infer<typeof cabinetUserUpdateSchema>;

/** `POST /pcc/auth/login`. */
export const cabinetLoginSchema = z.strictObject({
  email: z.string().trim().min(1).max(180),
  password: z.string().min(1).max(1024),
});

/** `POST /pcc/auth/password`: the one-time link's token and the new password (the password rules apply). */
export const cabinetSetPasswordSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
});

/** The signed-in cabinet user, his counterparty and roles (`GET /pcc/me`). */
export const cabinetMeSchema = z.object({
  counterpartyId: z.number().int(),
  counterpartyName: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  roles: z.array(z.enum(CABINET_ROLES)),
});
export type CabinetMe = z.infer<typeof cabinetMeSchema>;
