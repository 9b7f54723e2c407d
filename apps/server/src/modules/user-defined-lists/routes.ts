import {
  dataSchema,
  idParamSchema,
  userDefinedListContentBodySchema,
  userDefinedListItemSchema,
  userDefinedListLazyQuerySchema,
  userDefinedListResource,
  userDefinedListRowId,
} from '@tms/domain';
import { z } from 'zod';
import { conflict } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { listsInUse } from '../custom-fields';
import { addContent, contentRow, listContent } from './service';
import { userDefinedLists } from './tables';

/** Deleting a list a custom field picks rows from is refused. */
export const USER_DEFINED_LIST_IN_USE = 'The list is used by custom fields and cannot be deleted.';

/**
 * User-defined lists (spec §3, §7): the settings screens' CRUD at /user-defined-lists, and the calls the
 * custom-field widget makes. `GET /user-defined-lists/{id}` (the resource's get) is the list description
 * {name, fields}; any signed-in user reads it and the content, and adds rows from the forms they fill;
 * replacing a row takes the list's edit role, and every change of the content is in the list's change log.
 */
export default async function userDefinedListsModule(app: App): Promise<void> {
  registerResource(app, userDefinedListResource, userDefinedLists, {
    hooks: {
      beforeDelete: async ({ tx }, row) => {
        if ((await listsInUse(tx)).has(row.id)) throw conflict(USER_DEFINED_LIST_IN_USE);
      },
    },
  });

  const tags = ['user_defined_list'];
  app.get(
    '/user-defined-lists/:id/content/lazy-select',
    {
      schema: {
        tags,
        summary: 'Rows of a list for a lazy select (label = first field)',
        params: idParamSchema,
        querystring: userDefinedListLazyQuerySchema,
        response: { 200: dataSchema(z.array(userDefinedListItemSchema)) },
      },
    },
    async (request) => ({ data: await listContent(app.database.db, request.params.id, request.query) }),
  );

  app.get(
    '/user-defined-lists/:id/content/lazy-select/:rowId',
    {
      schema: {
        tags,
        summary: 'One row of a list (the label of a chosen value)',
        params: idParamSchema.extend({ rowId: userDefinedListRowId }),
        response: { 200: dataSchema(userDefinedListItemSchema) },
      },
    },
    async (request) => ({
      data: await contentRow(app.database.db, request.params.id, request.params.rowId),
    }),
  );

  app.post(
    '/user-defined-lists/:id/content',
    {
      schema: {
        tags,
        summary: 'Add rows, keyed by their client-generated ids; answers the stored rows by id',
        params: idParamSchema,
        body: userDefinedListContentBodySchema,
        response: { 200: dataSchema(z.record(z.string(), userDefinedListItemSchema)) },
      },
    },
    async (request) => ({
      data: await app.database.db.transaction((tx) =>
        addContent(tx, request.params.id, request.body, request.auth!),
      ),
    }),
  );
}
