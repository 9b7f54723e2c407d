import { dataSchema, listResultSchema } from '@tms/domain';
import type { AuthContext } from '../auth/context';
import type { App } from '../http/types';
import { readerOf } from '../read-routing';
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
      const visible = visibleChanges(request.auth as AuthContext, rules(), query.entityType);
      return { data: await changeHistory(readerOf(request), query, visible) };
    },
  );
}
