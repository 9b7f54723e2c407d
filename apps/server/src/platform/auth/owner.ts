import { BACKGROUND_JOB_MESSAGES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { HttpError } from '../errors';
import { users } from '../identity/tables';
import type { Registries } from '../modules';
import { principalColumns } from './authenticate';
import type { AuthContext, SubordinatesOf } from './context';

declare module '../modules' {
  interface ModuleContributions {
    /**
     * The subordinates dimension of the users' scopes (the company structure's): a session's principal gets
     * it from the authentication, one built for a background job from here.
     */
    subordinates: SubordinatesOf;
  }
}

/**
 * The user `userId` acting in work he set off outside a request (his background job), as he would in a
 * request now: his current effective roles and office, so the kernel applies his scopes, not the system's.
 * His subordinates are the structure's, as in a session. There is no session or address to check: the request that enqueued the work passed the guard. A user
 * disabled or removed since is refused (403, a stable message the web translates), and nothing is done.
 */
export async function ownerPrincipal(
  db: Tx,
  userId: number,
  registries: Pick<Registries, 'contributions'>,
): Promise<AuthContext> {
  const [subordinates] = registries.contributions('subordinates').values();
  const [user] = await db
    .select(principalColumns())
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  if (!user) throw new HttpError(403, BACKGROUND_JOB_MESSAGES.ownerInactive);
  return {
    kind: 'user',
    userId,
    username: user.username,
    contactId: user.contactId,
    serviceOfficeId: user.serviceOfficeId,
    roles: new Set(user.roles),
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: user.passwordChangeRequired,
    ...(subordinates ? { subordinates } : {}),
  };
}
