import type { Role } from '@tms/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';

/** Who is acting on a request; resolved once per request by the auth plugin. */
export interface AuthContext {
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
}

/** A counterparty's cabinet (a request with the counterparty's `X-Api-Key`); never a staff user. */
export interface CabinetPrincipal {
  counterpartyId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For counterparties' cabinets only: needs a cabinet principal; staff users get 403. */
    cabinet?: boolean;
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
