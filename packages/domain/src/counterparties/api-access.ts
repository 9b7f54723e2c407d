import { z } from 'zod';

/**
 * `POST /api/counterparties/{id}/api-key`: a new key for the counterparty's cabinet, shown this once (only
 * its hash is kept); it replaces any earlier key. `DELETE` on the same path revokes it.
 */
export const counterpartyApiKeySchema = z.object({ apiKey: z.string() });

/**
 * `GET /api/cabinet/counterparty`: the counterparty's own card as its cabinet (a request with its
 * `X-Api-Key`) sees it; nothing internal (curators, credit, black list, comments).
 */
export const cabinetCounterpartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullName: z.string().nullable(),
  nameEn: z.string().nullable(),
  client: z.boolean(),
  contractor: z.boolean(),
  countryId: z.number().int(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  legalAddress: z.string().nullable(),
  postalAddress: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
});
export type CabinetCounterparty = z.infer<typeof cabinetCounterpartySchema>;
