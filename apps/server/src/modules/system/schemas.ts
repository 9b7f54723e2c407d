import { HOME_OBJECTS, type NavItem, recentDocumentSchema } from '@tms/domain';
import { z } from 'zod';
import { sessionUserSchema } from '../users';

const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    labels: z.object({ ru: z.string(), en: z.string() }).optional(),
    icon: z.string(),
    route: z.string().nullable(),
    sortable: z.boolean(),
    children: z.array(navItemSchema),
  }),
);

const money = z.string().describe('Decimal amount in the system currency, e.g. "1234.50"');

/** `GET /api/system`: everything the shell needs after sign-in (spec §7). */
export const systemSchema = z.object({
  user: sessionUserSchema,
  /** Effective roles (own and access groups'), sorted. */
  roles: z.array(z.string()),
  nav: z.array(navItemSchema),
  /** Set while an administrator acts as this user: who to go back to. */
  impersonator: z
    .object({ id: z.number().int(), username: z.string(), contact: z.object({ name: z.string() }) })
    .nullable(),
  options: z.object({
    announcementEditTimeout: z.number().int().describe('Minutes'),
    orderCargoDeclaredValue: money,
    orderCargoDeclaredValuePerKg: money,
    customerRequestRestoreStatusTimeout: z.number().int().describe('Minutes'),
    wmsWarehouseId: z.number().int().nullable(),
    cargoInsuredValue: money,
    cargoDeclaredValuePerKg: money,
    shortDateFormat: z.string(),
    shortMonthFormat: z.string(),
    locale: z.string(),
    localeShort: z.string(),
    darkTheme: z.boolean(),
    /** ISO 4217 code. */
    systemCurrency: z.string(),
    fileTagTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type SystemData = z.infer<typeof systemSchema>;

export const homeQuerySchema = z.object({
  objects: z
    .string()
    .max(1000)
    .describe(`JSON list of the objects wanted: ${HOME_OBJECTS.map((o) => `"${o}"`).join(', ')}`),
});

/** `GET /api/home`: only the objects asked for are present. */
export const homeSchema = z.object({
  systemCurrency: z.string().optional(),
  systemCurrencyId: z.number().int().nullable().optional(),
  recentDocuments: z.array(recentDocumentSchema).optional(),
});
export type HomeData = z.infer<typeof homeSchema>;
