import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { isValidEmail } from '../counterparties/emails';

/**
 * The three cabinets of spec §1: the client's (PCC, `/pcc`), the contractor's operations portal (OPS,
 * `/ops`) and the carrier's (`/carrier`). A cabinet user belongs to one; each cabinet has its own sign-in,
 * menu and API surface, and refuses a principal of another.
 */
export const CABINET_KINDS = ['client', 'contractor', 'carrier'] as const;
export type CabinetKind = (typeof CABINET_KINDS)[number];
export const CABINET_KIND_LABELS: Readonly<Record<CabinetKind, LocalizedText>> = {
  client: { ru: 'Кабинет клиента', en: 'Client cabinet' },
  contractor: { ru: 'Портал подрядчика', en: 'Contractor portal' },
  carrier: { ru: 'Кабинет перевозчика', en: 'Carrier cabinet' },
};
/** Each cabinet's path in the web app and under `/api`. */
export const CABINET_PATHS: Readonly<Record<CabinetKind, string>> = {
  client: 'pcc',
  contractor: 'ops',
  carrier: 'carrier',
};
/**
 * The counterparty type a cabinet needs (spec §3: a counterparty is a client or a contractor; a carrier is
 * a contractor running his own drivers and vehicles).
 */
export const CABINET_COUNTERPARTY_TYPE: Readonly<Record<CabinetKind, 'client' | 'contractor'>> = {
  client: 'client',
  contractor: 'contractor',
  carrier: 'contractor',
};
/** The staff role (spec §6 "Cabinet user management") that manages each cabinet's users. */
export const CABINET_USERS_ROLE = {
  client: 'ROLE_CABINET_USERS_CLIENT',
  contractor: 'ROLE_CABINET_USERS_CONTRACTOR',
  carrier: 'ROLE_CABINET_USERS_CARRIER',
} as const satisfies Readonly<Record<CabinetKind, string>>;

/**
 * Roles within the cabinets (spec §6 "Cabinet user management"): the cabinet administrator manages his
 * colleagues in every cabinet; the client's requests role asks for prices and accepts quotes; finance
 * reads bills (the client's from us, the contractor's to us, with our payments); the contractor's offers
 * role answers requests for offers, his jobs role closes stages and accepts transport orders; the
 * carrier's drivers role keeps his drivers and vehicles, his trips role runs the jobs. They are the
 * cabinets' own and never a staff role: `CabinetPrincipal.roles` holds them.
 */
export const CABINET_ROLES = [
  'CABINET_ADMIN',
  'CABINET_REQUESTS',
  'CABINET_FINANCE',
  'CABINET_OFFERS',
  'CABINET_JOBS',
  'CABINET_DRIVERS',
  'CABINET_TRIPS',
] as const;
export type CabinetRole = (typeof CABINET_ROLES)[number];
export const CABINET_ROLE_LABELS: Readonly<Record<CabinetRole, LocalizedText>> = {
  CABINET_ADMIN: { ru: 'Администратор кабинета', en: 'Cabinet administrator' },
  CABINET_REQUESTS: { ru: 'Заявки и котировки', en: 'Requests and quotes' },
  CABINET_FINANCE: { ru: 'Счета', en: 'Bills' },
  CABINET_OFFERS: { ru: 'Запросы предложений', en: 'Requests for offers' },
  CABINET_JOBS: { ru: 'Работы и этапы', en: 'Jobs and stages' },
  CABINET_DRIVERS: { ru: 'Водители и транспорт', en: 'Drivers and vehicles' },
  CABINET_TRIPS: { ru: 'Рейсы', en: 'Trips' },
};
/** The roles a user of each cabinet may hold. */
export const CABINET_KIND_ROLES: Readonly<Record<CabinetKind, readonly CabinetRole[]>> = {
  client: ['CABINET_ADMIN', 'CABINET_REQUESTS', 'CABINET_FINANCE'],
  contractor: ['CABINET_ADMIN', 'CABINET_OFFERS', 'CABINET_JOBS', 'CABINET_FINANCE'],
  carrier: ['CABINET_ADMIN', 'CABINET_DRIVERS', 'CABINET_TRIPS'],
};
/**
 * What the counterparty's own API key (a machine client) may do in each cabinet: everything but managing
 * users.
 */
export const CABINET_KEY_ROLES: Readonly<Record<CabinetKind, readonly CabinetRole[]>> = {
  client: ['CABINET_REQUESTS', 'CABINET_FINANCE'],
  contractor: ['CABINET_OFFERS', 'CABINET_JOBS', 'CABINET_FINANCE'],
  carrier: ['CABINET_DRIVERS', 'CABINET_TRIPS'],
};

/** Stable English messages of the cabinets (the web translates them in messages.json). */
export const CABINET_MESSAGES = {
  notClient: 'Only a client may have a client cabinet.',
  notContractor: 'Only a contractor may have a contractor portal or a carrier cabinet.',
  roleOfOtherCabinet: 'This role belongs to another cabinet.',
  kindRequired: 'Choose the cabinet.',
  /** A user of one cabinet signing in at another's page. */
  otherCabinet: 'This account belongs to another cabinet: sign in on its page.',
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
  kind: z.enum(CABINET_KINDS),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(CABINET_ROLES)),
  disabled: z.boolean(),
  /** He has set a password (accepted the invitation). */
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /**
   * When his latest one-time link (an invitation, or a reset) dies, while he has no password yet: the
   * invitation is pending until then, expired after it (null: he has a password, or no link was sent).
   */
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CabinetUser = z.infer<typeof cabinetUserSchema>;

/**
 * `POST .../cabinet-users`: invites a colleague by mail into a cabinet (the back office names it; a
 * cabinet's administrator invites into his own).
 */
export const cabinetUserInviteSchema = z.strictObject({
  kind: z.enum(CABINET_KINDS).optional(),
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

/** `POST /pcc/auth/login` (and each cabinet's). */
export const cabinetLoginSchema = z.strictObject({
  email: z.string().trim().min(1).max(180),
  password: z.string().min(1).max(1024),
});

/** `POST /pcc/auth/password`: the one-time link's token and the new password (the password rules apply). */
export const cabinetSetPasswordSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
});

/** The signed-in cabinet user, his cabinet, counterparty and roles (`GET /pcc/me`, `/ops/me`, ...). */
export const cabinetMeSchema = z.object({
  kind: z.enum(CABINET_KINDS),
  counterpartyId: z.number().int(),
  counterpartyName: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  roles: z.array(z.enum(CABINET_ROLES)),
});
export type CabinetMe = z.infer<typeof cabinetMeSchema>;
