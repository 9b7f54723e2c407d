import { can, type Role, rolesOfScopedPermission } from '../permissions';

/** The two kinds of operation: an order (what the client bought) and a job (work given to a contractor). */
export const OPERATION_TYPES = ['order', 'job'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/**
 * Who acts on an operation. `isSystem` is a rule of the server (a stage behaviour, another module, the
 * archiver), never a user's request. `canEdit` says the user's edit scope covers this operation (the server
 * knows it from the record); when left out, holding any scope of the edit permission counts.
 */
export interface OperationActor {
  roles: ReadonlySet<string> | readonly string[];
  isSystem: boolean;
  canEdit?: boolean;
}

/** The system acting by a rule (stage behaviour, archiver, another module). */
export const SYSTEM_ACTOR: OperationActor = { roles: [], isSystem: true };

const asSet = (roles: OperationActor['roles']): ReadonlySet<string> =>
  roles instanceof Set ? roles : new Set(roles as readonly string[]);

/** The actor holds the role; the administrator holds every role. */
export function holdsRole(actor: Pick<OperationActor, 'roles'>, role: Role): boolean {
  return can(asSet(actor.roles), role);
}

/**
 * Every scope of the view and edit permissions of orders and jobs: route guards take any of them. Viewing
 * also admits ROLE_FORWARDER_VIEW, which reads the operations the user forwards (never writes them).
 */
export const OPERATION_ROLES = {
  order: {
    view: [...rolesOfScopedPermission('ROLE_ORDER_VIEW'), 'ROLE_FORWARDER_VIEW'],
    edit: rolesOfScopedPermission('ROLE_ORDER_EDIT'),
  },
  job: {
    view: [...rolesOfScopedPermission('ROLE_JOB_VIEW'), 'ROLE_FORWARDER_VIEW'],
    edit: rolesOfScopedPermission('ROLE_JOB_EDIT'),
  },
} as const satisfies Record<OperationType, { view: readonly string[]; edit: readonly string[] }>;

/** The actor may edit the operation: the server's scope answer, else any scope of its edit permission. */
export function canEditOperation(actor: OperationActor, operation: OperationType): boolean {
  if (actor.isSystem) return false;
  if (actor.canEdit !== undefined) return actor.canEdit;
  return OPERATION_ROLES[operation].edit.some((role) => holdsRole(actor, role));
}
