import {
  dataSchema,
  idParamSchema,
  listResultSchema,
  type Role,
  type VersionNews,
  versionNewsCreateSchema,
  versionNewsListQuerySchema,
  versionNewsSchema,
} from '@tms/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { richTextOf } from './announcements';
import { versionNews, versionNewsReads } from './tables';

/** The news are written by the administrator. */
const admin: Role[] = ['ROLE_ADMIN'];
const tags = ['version-news'];

const toNews = (row: typeof versionNews.$inferSelect): VersionNews => ({
  id: row.id,
  version: row.release,
  shortContent: row.shortContent,
  routeNames: row.routeNames,
  createdTimestamp: row.createdAt.toISOString(),
});

/**
 * Version news (spec §2, §7): the administrator's screens, and for every user the unread news of the
 * screen they open (its route name), all marked read by the popup's OK.
 */
export default async function versionNewsRoutes(app: App): Promise<void> {
  const db = app.database.db;
  const values = (body: z.infer<typeof versionNewsCreateSchema>) => ({
    release: body.version,
    shortContent: richTextOf(body.shortContent, ['shortContent']),
    routeNames: [...new Set(body.routeNames)],
  });

  app.get(
    '/version-news/announcements',
    {
      config: { roles: admin },
      schema: {
        tags,
        summary: 'Version news, newest first',
        querystring: versionNewsListQuerySchema,
        response: { 200: dataSchema(listResultSchema(versionNewsSchema)) },
      },
    },
    async (request) => {
      const { page, itemsPerPage } = request.query;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(versionNews)
          .orderBy(desc(versionNews.id))
          .limit(itemsPerPage)
          .offset((page - 1) * itemsPerPage),
        db.select({ n: count() }).from(versionNews),
      ]);
      return { data: { collection: rows.map(toNews), total: counted!.n } };
    },
  );

  app.get(
    '/version-news/announcements/not-read/:routeName',
    {
      schema: {
        tags,
        summary: 'The unread news of a screen (its route name, URL-encoded), oldest first',
        params: z.object({ routeName: z.string().min(1).max(200) }),
        response: { 200: dataSchema(z.array(versionNewsSchema)) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(versionNews)
        .where(
          sql`(cardinality(${versionNews.routeNames}) = 0 OR ${request.params.routeName} = ANY(${versionNews.routeNames}))
            AND NOT EXISTS (SELECT 1 FROM ${versionNewsReads} r WHERE r.news_id = ${versionNews.id} AND r.user_id = ${request.auth!.userId})`,
        )
        .orderBy(versionNews.id);
      return { data: rows.map(toNews) };
    },
  );

  app.post(
    '/version-news/announcements/read-all',
    {
      schema: {
        tags,
        summary: 'Marks every version news read',
        response: { 200: z.object({ data: z.null() }) },
      },
    },
    async (request) => {
      await db.execute(sql`
        INSERT INTO ${versionNewsReads} (news_id, user_id)
        SELECT id, ${request.auth!.userId} FROM ${versionNews}
        ON CONFLICT DO NOTHING`);
      return { data: null };
    },
  );

  app.post(
    '/version-news/announcements',
    {
      config: { roles: admin },
      schema: {
        tags,
        summary: 'Writes a version news',
        body: versionNewsCreateSchema,
        response: { 201: dataSchema(versionNewsSchema) },
      },
    },
    async (request, reply) => {
      const [row] = await db.insert(versionNews).values(values(request.body)).returning();
      return reply.code(201).send({ data: toNews(row!) });
    },
  );

  app.get(
    '/version-news/announcements/:id',
    {
      config: { roles: admin },
      schema: {
        tags,
        summary: 'One version news',
        params: idParamSchema,
        response: { 200: dataSchema(versionNewsSchema) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(versionNews).where(eq(versionNews.id, request.params.id));
      if (!row) throw notFound();
      return { data: toNews(row) };
    },
  );

  app.put(
    '/version-news/announcements/:id',
    {
      config: { roles: admin },
      schema: {
        tags,
        summary: 'Rewrites a version news',
        params: idParamSchema,
        body: versionNewsCreateSchema,
        response: { 200: dataSchema(versionNewsSchema) },
      },
    },
    async (request) => {
      const [row] = await db
        .update(versionNews)
        .set({ ...values(request.body), updatedAt: sql`now()` })
        .where(eq(versionNews.id, request.params.id))
        .returning();
      if (!row) throw notFound();
      return { data: toNews(row) };
    },
  );

  app.delete(
    '/version-news/announcements/:id',
    {
      config: { roles: admin },
      schema: {
        tags,
        summary: 'Deletes a version news',
        params: idParamSchema,
        response: { 200: z.object({ data: z.null() }) },
      },
    },
    async (request) => {
      const [row] = await db.delete(versionNews).where(eq(versionNews.id, request.params.id)).returning();
      if (!row) throw notFound();
      return { data: null };
    },
  );
}
