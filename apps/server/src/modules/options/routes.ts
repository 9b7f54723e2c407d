import { dataSchema, type Role, systemOptionsSchema, systemOptionsUpdateSchema } from '@tms/domain';
import { z } from 'zod';
import type { ChangeLogRule } from '../../platform/changelog/visibility';
import { basedOnVersion } from '../../platform/http/if-match';
import type { App } from '../../platform/http/types';
import { hasAnyRole } from '../../platform/permissions/check';
import { getOptions, updateOptions } from './service';

const roles: Role[] = ['ROLE_SETTINGS_SYSTEM'];
const tags = ['options'];

/** The change log shows the options' changes to those who may read the options. */
export const optionsChangeLogAccess: ChangeLogRule = (auth) => hasAnyRole(auth, roles);
const response = { 200: dataSchema(systemOptionsSchema) };

/** The system options screen /options/main. */
export default async function optionsModule(app: App): Promise<void> {
  const { database } = app;

  app.get(
    '/options/main',
    { config: { roles }, schema: { tags, summary: 'The system options', response } },
    async () => ({ data: await getOptions(database.db) }),
  );

  app.put(
    '/options/main',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Change the system options; `version` (or If-Match) is the version the edit was based on',
        body: systemOptionsUpdateSchema,
        headers: z.object({ 'if-match': z.string().max(64).optional() }),
        response,
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return {
        data: await updateOptions(database.db, request.auth!, input, basedOnVersion(request, version)),
      };
    },
  );
}
