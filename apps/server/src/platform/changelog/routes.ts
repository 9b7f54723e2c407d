import { dataSchema, listResultSchema } from '@tms/domain';
import type { App } from '../http/types';
import { type ChangeLogQuery, changeEntrySchema, changeHistory, changeLogQuerySchema } from './history';

/** The change-log screen (/settings/entity-changelog): every recorded change, filtered and paged. */
export default async function changeLogRoutes(app: App): Promise<void> {
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
    async (request) => ({ data: await changeHistory(app.database.db, request.query as ChangeLogQuery) }),
  );
}
