import { LOCALES } from '@tms/domain';
import { z } from 'zod';

export { LOCALES };

/** The signed-in user as the system call and the profile screen see it (spec §3 User). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  contact: z.object({ id: z.number().int(), name: z.string() }),
  locale: z.enum(LOCALES),
  localeShort: z.string(),
  nextUi: z.boolean(),
  changePasswordRequired: z.boolean(),
  serviceOffice: z.object({ id: z.number().int() }).nullable(),
  darkTheme: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * `POST /api/users/{id}/password`; the rules themselves are checked by the service (spec §5). A user
 * changing their own password also gives the current one (not needed in the forced change right after
 * signing in with a password that must be changed).
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().max(1024).optional(),
  cleartextPassword: z.strictObject({
    first: z.string().max(1024),
    second: z.string().max(1024),
  }),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** `PATCH /api/users/me`: what a user may change about themselves; absent fields stay as they are. */
export const profileUpdateSchema = z.strictObject({
  contact: z.strictObject({ name: z.string().trim().min(1).max(255) }).optional(),
  locale: z.enum(LOCALES).optional(),
  darkTheme: z.boolean().optional(),
  nextUi: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
