import type { CabinetKind, Role } from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';

/**
 * A staff user acting: signed in with a session (`user`) or calling with his API key (`apiKey`, which acts as
 * its user); resolved once per request by the auth plugin.
 */
export interface AuthContext {
  kind: 'user' | 'apiKey';
  userId: number;
  username: string;
  contactId: number;
  serviceOfficeId: number | null;
  /** Effective roles: the user's own plus those of their enabled access groups. */
  roles: ReadonlySet<string>;
  /** The session the token names; null for API-key access. */
  sessionId: string | null;
  /** The real user while impersonating, else null. */
  impersonatorId: number | null;
  /** The user must change their password before anything else (see the guard). */
  passwordChangeRequired: boolean;
  /** The subordinates dimension of his scopes (the company structure's); unset, himself alone. */
  subordinates?: SubordinatesOf;
}

/**
 * A counterparty's cabinet: one of its cabinet users signed in (`cabinetUserId`, `sessionId`), or a
 * machine client with the counterparty's `X-Api-Key` (both null); never a staff user. The same shape, so
 * the same counterparty predicate, for both. It reaches only what a resource or use case opens to
 * cabinets, and there only its counterparty's records.
 */
export interface CabinetPrincipal {
  kind: 'cabinet';
  /**
   * The cabinet it acts in: a user's own; for the API key, the cabinet of the route it calls (one its
   * counterparty's type opens).
   */
  cabinetKind: CabinetKind;
  counterpartyId: number;
  /** The signed-in cabinet user (or the user whose own key calls); null for the counterparty's API key. */
  cabinetUserId: number | null;
  /** The cabinet user's session; null for an API key. */
  sessionId: string | null;
  /** The cabinet user's own API key he acts with (then `sessionId` is null); unset or null otherwise. */
  apiKeyId?: number | null;
  /** Roles within the cabinet (`CABINET_KIND_ROLES`): the user's own, or the API key's set for the cabinet. */
  roles: ReadonlySet<string>;
}

/**
 * The product acting on its own (a scheduled job, a rule reacting to a change, a migration of data), always
 * with the reason the change log shows; made by `asSystem(ctx, reason)` only. It passes every role check and
 * every scope.
 */
export interface SystemPrincipal {
  kind: 'system';
  reason: string;
  roles: ReadonlySet<string>;
  /**
   * The staff user whose action set the system's work off (an acquiring operation's payment), kept as the
   * author of what it writes and named beside the system in the change log; null for a job.
   */
  userId: number | null;
}

const NO_ROLES: ReadonlySet<string> = new Set();

/**
 * The system acting for `reason` (a stable key the change log shows, translated by the web); `userId`: the
 * user whose action set it off. Work inside a call takes `asSystem(ctx, reason)`; this is for code with no
 * call context (the demo data's postings).
 */
export const systemPrincipal = (reason: string, userId: number | null = null): SystemPrincipal => ({
  kind: 'system',
  reason,
  roles: NO_ROLES,
  userId,
});

/** Whoever calls the kernel: a staff user (session or API key), a cabinet or the system. */
export type Principal = AuthContext | CabinetPrincipal | SystemPrincipal;

/**
 * The subordinates dimension of scopes: the users under a user in the company structure, the user included,
 * as an SQL integer array. The company structure will set it on the user when it signs in; until a
 * module does, a user's subordinates are himself.
 */
export type SubordinatesOf = (userId: number) => SQL;

/** The caller of a route past the guard: the signed-in user or the cabinet. */
export function principalOf(request: {
  auth: AuthContext | null;
  cabinet: CabinetPrincipal | null;
}): Principal {
  const principal = request.auth ?? request.cabinet;
  if (!principal) throw new Error('A route past the guard has a principal');
  return principal;
}

/** Whether the principal is a staff user (signed in or by his API key). */
export const isStaff = (principal: Principal): principal is AuthContext =>
  principal.kind === 'user' || principal.kind === 'apiKey';

/** The staff user who acts (kept as a record's author), or on whose action the system acts; else null. */
export const actingUserId = (principal: Principal): number | null =>
  principal.kind === 'cabinet' ? null : principal.userId;

/** The acting staff user's service office; null for a cabinet and the system. */
export const actingOfficeId = (principal: Principal): number | null =>
  isStaff(principal) ? principal.serviceOfficeId : null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A cabinet's kind (`'client'`, `'contractor'`, `'carrier'`): that cabinet's route, for its principals
     * only (staff users and other cabinets get 403). `true`: for every cabinet, cabinets only. `'also'`: open
     * to cabinets beside staff users (a resource or use case open to cabinets: the kernel scopes the cabinet
     * to its counterparty). Unset: cabinets get 403.
     */
    cabinet?: CabinetKind | true | 'also';
    /** A cabinet-only route: the roles within the cabinet of which the caller must hold one. */
    cabinetRoles?: readonly string[];
    /** A cabinet-only route for a signed-in cabinet user alone: an API key (his own or the counterparty's) gets 403. */
    cabinetSession?: boolean;
    /** Reachable without signing in (sign-in itself, health, docs). */
    public?: boolean;
    /** Reachable while the user must change their password: the change itself and what the shell needs for it. */
    beforePasswordChange?: boolean;
    /**
     * The credential a browser may put in this route's URL, as it cannot send a header there: a signed
     * link (`?signature=`, downloads opened by navigation) or a one-time ticket (`?ticket=`, the WebSocket
     * handshake). Every other route takes the token from the Authorization header only.
     */
    urlCredential?: 'signedLink' | 'socketTicket';
    /** Passes when the user holds at least one of these (or is administrator); unset: any signed-in user. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set instead of `auth` when a counterparty's cabinet calls. */
    cabinet: CabinetPrincipal | null;
  }
  interface FastifyInstance {
    database: Database;
    appConfig: Config;
  }
}
