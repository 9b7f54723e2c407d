import { dataSchema, listResultSchema } from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import type { App } from '../http/types';
import { readerOf } from '../read-routing';
import { prerendered } from '../resources/statements';
import { type ChangeLogQuery, changeEntrySchema, changeHistory, changeLogQuerySchema } from './history';
import { type ChangeLogRule, visibleChanges } from './visibility';

/**
 * The change-log screen (/settings/entity-changelog): every recorded change the reader may see (the
 * record's read roles and scope), filtered and paged.
 */
export default async function changeLogRoutes(app: App): Promise<void> {
  // The registries are complete once the app is built: the rules are gathered on the first call, not per request.
  let gathered: ReadonlyMap<string, ChangeLogRule> | undefined;
  const rules = (): ReadonlyMap<string, ChangeLogRule> =>
    (gathered ??= new Map<string, ChangeLogRule>([
      ...app.registries.resources
        .all()
        .map(({ descriptor, service }): [string, ChangeLogRule] => [
          descriptor.name,
          (auth, entityId) => service.changeLogAccess(auth, entityId),
        ]),
      ...app.registries.changeLog,
    ]));
  /**
   * A principal's visible entries (by entity type asked, `ALL` for none), rendered once per principal: the
   * authentication shares one principal between the requests of a cached session (authenticate.ts), and
   * the condition is a function of the principal. A type without a rule is not kept (nothing to render).
   */
  const ALL = '\u0000';
  const kept = new WeakMap<AuthContext, Map<string, SQL | undefined>>();
  const visibleTo = (auth: AuthContext, entityType: string | undefined): SQL | undefined => {
    if (entityType !== undefined && !rules().has(entityType))
      return visibleChanges(auth, rules(), entityType);
    let mine = kept.get(auth);
    if (!mine) {
      mine = new Map();
      kept.set(auth, mine);
    }
    const key = entityType ?? ALL;
    if (!mine.has(key)) {
      const visible = visibleChanges(auth, rules(), entityType);
      mine.set(key, visible && prerendered(visible));
    }
    return mine.get(key);
  };
  app.get(
    '/settings/entity-changelog',
    {
      config: { roles: ['ROLE_CHANGELOG_VIEW'] },
      schema: {
        tags: ['change_log'],
        summary: 'Change log',
        querystring: changeLogQuerySchema,
        response: { 200: dataSchema(listResultSchema(changeEntrySchema)) },
      },
    },
    async (request) => {
      const query = request.query as ChangeLogQuery;
      const visible = visibleTo(request.auth as AuthContext, query.entityType);
      return { data: await changeHistory(readerOf(request), query, visible) };
    },
  );
}
