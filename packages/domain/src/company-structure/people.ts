import { z } from 'zod';
import { queryInteger } from '../common/list';

const person = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
const heldPosition = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  head: z.boolean(),
  /** The block and department path above the position, top first. */
  path: z.array(z.string()),
});

/** A person of the company with his place in the structure (`/company-structure/users`). */
export const structurePersonSchema = z.object({
  ...person.shape,
  username: z.string(),
  serviceOfficeId: z.number().int().nullable(),
  positions: z.array(heldPosition),
  /** The holders of the positions his positions report to. */
  managers: z.array(person),
  /** Everyone under him, directly or not (the "subordinates" scope). */
  subordinates: z.array(person),
});
export type StructurePerson = z.infer<typeof structurePersonSchema>;

export const structurePeopleQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  /** Only people who hold no position. */
  unplaced: z.enum(['true', 'false']).optional(),
  page: queryInteger(1, 100_000).optional(),
  itemsPerPage: queryInteger(1, 200).optional(),
});
