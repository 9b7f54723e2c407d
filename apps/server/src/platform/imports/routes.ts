import { backgroundJobSchema, dataSchema } from '@tms/domain';
import { z } from 'zod';
import type { App } from '../http/types';
import { requestContext } from '../resources/context';
import { uploadedImport } from './files';
import { enqueueImport } from './jobs';
import { authorizeImport } from './pipeline';
import { importOf } from './registry';

const body = z.object({ fileId: z.number().int().positive(), options: z.unknown().optional() });

/**
 * The pipeline's own door: any import applied as a background job (a large file), of the caller's temporary
 * upload. Who may run it is the import's roles, checked by the pipeline (so no route config beyond sign-in).
 */
export async function importRoutes(app: App): Promise<void> {
  app.post(
    '/imports/:name/jobs',
    {
      schema: {
        tags: ['imports'],
        summary:
          'Apply an import of a temporary upload in the job queue (checked first: a file with errors is refused)',
        params: z.object({ name: z.string() }),
        body,
        response: { 201: dataSchema(backgroundJobSchema) },
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const { fileId, options } = request.body as z.infer<typeof body>;
      // Who may run it is answered before the file is looked at.
      authorizeImport(request.auth!, importOf(app.registries, name));
      const data = await app.database.db.transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const file = await uploadedImport(tx, app.fileStorage, request.auth!.userId, fileId);
        return enqueueImport({ ...ctx, auth: ctx.auth! }, name, { id: fileId, ...file }, options);
      });
      return reply.code(201).send({ data });
    },
  );
}
