import { dataSchema, idParamSchema, pccFileSchema } from '@tms/domain';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/files/storage';
import { files } from '../../../platform/files/tables';
import type { App } from '../../../platform/http/types';
import { type ResourceContext, requestContext } from '../../../platform/resources';

type FileRow = typeof files.$inferSelect;

/**
 * A file's content to a cabinet, always as a download (never shown inline, whatever its type says). A
 * missing row, one in cold storage or content gone answer 404, as a foreign file does.
 */
export async function sendCabinetFile(
  storage: FileStorage,
  reply: FastifyReply,
  row: FileRow | undefined,
  /** What is noted once the content is there to send (a client's download). */
  sending?: (row: FileRow) => Promise<void>,
): Promise<FastifyReply> {
  if (!row || row.coldStorage) throw notFound();
  const stream = await storage.get(row.storageKey);
  if (!stream) throw notFound();
  await sending?.(row);
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', row.size)
    .header(
      'content-disposition',
      `attachment; filename="file"; filename*=UTF-8''${encodeURIComponent(row.description)}`,
    )
    .send(stream);
}

/**
 * A record's documents in a cabinet (a client's order, a contractor's job): `GET <path>/:id/files` lists
 * them and `GET <path>/:id/files/:fileId` sends one. `owner` finds the record within the cabinet's
 * counterparty first (a foreign one is a 404), `shown` says which of its files the cabinet sees, and
 * `downloaded` notes a download where the cabinet keeps such events.
 */
export function cabinetFileDoor(
  app: App,
  spec: {
    path: `/${string}`;
    config: Pick<FastifyContextConfig, 'cabinet' | 'cabinetRoles'>;
    tags: string[];
    summaries: { list: string; one: string };
    owner: (ctx: ResourceContext, id: number) => Promise<{ id: number }>;
    shown: (ownerId: number) => SQL | undefined;
    downloaded?: (ctx: ResourceContext, request: FastifyRequest, row: FileRow) => Promise<void>;
  },
): void {
  const { path, config, tags, summaries, owner, shown, downloaded } = spec;
  app.get(
    `${path}/:id/files`,
    {
      config,
      schema: {
        tags,
        summary: summaries.list,
        params: idParamSchema,
        response: { 200: dataSchema(z.array(pccFileSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const record = await owner(ctx, id);
      const rows = await ctx.tx
        .select({ id: files.id, name: files.description, size: files.size, createdAt: files.createdAt })
        .from(files)
        .where(shown(record.id))
        .orderBy(asc(files.id));
      return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );

  app.get(
    `${path}/:id/files/:fileId`,
    {
      config,
      schema: {
        tags,
        summary: summaries.one,
        params: z.object({ id: idParamSchema.shape.id, fileId: idParamSchema.shape.id }),
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params as { id: number; fileId: number };
      const ctx = requestContext(request);
      const record = await owner(ctx, id);
      const [row] = await ctx.tx
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), shown(record.id)));
      return sendCabinetFile(app.fileStorage, reply, row, downloaded && ((r) => downloaded(ctx, request, r)));
    },
  );
}
