import {
  CABINET_ROLES,
  COUNTERPARTY_ROLES,
  cabinetLoginSchema,
  cabinetMeSchema,
  cabinetSetPasswordSchema,
  cabinetUserInviteSchema,
  cabinetUserSchema,
  cabinetUserUpdateSchema,
  dataSchema,
  idParamSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokenFromRequest } from '../../platform/auth/authenticate';
import { CABINET_TOKEN_PREFIX } from '../../platform/auth/cabinet';
import type { App } from '../../platform/http/types';
import { requestContext } from '../../platform/resources';
import { counterparties } from '../counterparties';
import { cabinetSetPassword, cabinetSignIn, cabinetSignOut } from './auth';
import { pccRoutes } from './pcc';
import { pccActionRoutes } from './pcc-actions';
import { cabinetUsers } from './tables';
import {
  type CabinetUseCaseContext,
  inviteCabinetUser,
  listCabinetUsers,
  managedCounterparty,
  resetCabinetUser,
  updateCabinetUser,
} from './users';

const issuedToken = z.object({ token: z.string(), tokenExpire: z.number().int() });
const ADMIN: readonly string[] = ['CABINET_ADMIN'];
const counterpartyUserParams = z.object({ id: idParamSchema.shape.id, userId: idParamSchema.shape.id });

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The cabinets' doors: a cabinet user's sign-in, password from a one-time link and sign-out
 * (`/pcc/auth/*`); who is signed in (`/pcc/me`); the cabinet users managed from the counterparty's page
 * (`/counterparties/{id}/cabinet-users`) and by the cabinet's own administrator (`/pcc/users`); the client
 * cabinet's records (`pcc.ts`) and its doings beyond reading (`pcc-actions.ts`).
 */
export default async function cabinetsRoutes(app: App): Promise<void> {
  const db = () => app.database.db;
  const tags = ['cabinets'];
  const useCaseContext = (request: FastifyRequest, tx: Parameters<typeof requestContext>[1]) =>
    ({
      ...requestContext(request, tx),
      now: app.clock(),
      publicUrl: app.appConfig.publicUrl,
    }) satisfies CabinetUseCaseContext;

  app.post(
    '/pcc/auth/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A cabinet user signs in',
        security: [],
        body: cabinetLoginSchema,
        response: { 200: dataSchema(issuedToken) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof cabinetLoginSchema>;
      // Failures are recorded outside any transaction that a refusal would roll back.
      const data = await cabinetSignIn(db(), app.appConfig, body, clientOf(request), app.clock());
      return { data };
    },
  );

  app.post(
    '/pcc/auth/password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set the password from a one-time link (an invitation or a reset) and sign in',
        security: [],
        body: cabinetSetPasswordSchema,
        response: { 200: dataSchema(issuedToken) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof cabinetSetPasswordSchema>;
      const data = await db().transaction((tx) =>
        cabinetSetPassword(tx, app.appConfig, body, clientOf(request), app.clock()),
      );
      return { data };
    },
  );

  app.post(
    '/pcc/auth/logout',
    {
      config: { public: true },
      schema: { tags, summary: "End the cabinet user's session", security: [], response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = tokenFromRequest(request);
      if (token?.startsWith(CABINET_TOKEN_PREFIX)) await cabinetSignOut(db(), token, app.clock());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/pcc/me',
    {
      config: { cabinet: true },
      schema: {
        tags,
        summary: 'The signed-in cabinet: its counterparty, user and roles',
        response: { 200: dataSchema(cabinetMeSchema) },
      },
    },
    async (request) => {
      const cabinet = request.cabinet!;
      const [counterparty] = await db()
        .select({ name: counterparties.name })
        .from(counterparties)
        .where(eq(counterparties.id, cabinet.counterpartyId));
      const [user] = cabinet.cabinetUserId
        ? await db()
            .select({ id: cabinetUsers.id, email: cabinetUsers.email, name: cabinetUsers.name })
            .from(cabinetUsers)
            .where(eq(cabinetUsers.id, cabinet.cabinetUserId))
        : [];
      return {
        data: {
          counterpartyId: cabinet.counterpartyId,
          counterpartyName: counterparty?.name ?? '',
          user: user ?? null,
          roles: CABINET_ROLES.filter((role) => cabinet.roles.has(role)),
        },
      };
    },
  );

  // The back office, from the counterparty's page: within the counterparties the user may change.
  app.get(
    '/counterparties/:id/cabinet-users',
    {
      config: { roles: COUNTERPARTY_ROLES.edit },
      schema: {
        tags,
        summary: "The counterparty's cabinet users",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(cabinetUserSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const counterparty = await managedCounterparty(ctx, id);
      return { data: await listCabinetUsers(ctx.tx, counterparty.id) };
    },
  );

  app.post(
    '/counterparties/:id/cabinet-users',
    {
      config: { roles: COUNTERPARTY_ROLES.edit },
      schema: {
        tags,
        summary: 'Invite a cabinet user by mail',
        params: idParamSchema,
        body: cabinetUserInviteSchema,
        response: { 201: dataSchema(cabinetUserSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof cabinetUserInviteSchema>;
      const data = await db().transaction((tx) =>
        inviteCabinetUser.run(useCaseContext(request, tx), { ...body, counterpartyId: id }),
      );
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/counterparties/:id/cabinet-users/:userId',
    {
      config: { roles: COUNTERPARTY_ROLES.edit },
      schema: {
        tags,
        summary: "Change a cabinet user's name, roles or disabled flag",
        params: counterpartyUserParams,
        body: cabinetUserUpdateSchema,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params as z.infer<typeof counterpartyUserParams>;
      const body = request.body as z.infer<typeof cabinetUserUpdateSchema>;
      const data = await db().transaction((tx) =>
        updateCabinetUser.run(useCaseContext(request, tx), { ...body, counterpartyId: id, id: userId }),
      );
      return { data };
    },
  );

  app.post(
    '/counterparties/:id/cabinet-users/:userId/reset',
    {
      config: { roles: COUNTERPARTY_ROLES.edit },
      schema: {
        tags,
        summary: "Reset a cabinet user's password: his sessions end, a new one-time link is mailed",
        params: counterpartyUserParams,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params as z.infer<typeof counterpartyUserParams>;
      const data = await db().transaction((tx) =>
        resetCabinetUser.run(useCaseContext(request, tx), { counterpartyId: id, id: userId }),
      );
      return { data };
    },
  );

  // The cabinet's own administrator, for his colleagues: his counterparty's users only.
  app.get(
    '/pcc/users',
    {
      config: { cabinet: true, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: "The cabinet's users",
        response: { 200: dataSchema(z.array(cabinetUserSchema)) },
      },
    },
    async (request) => {
      const ctx = requestContext(request);
      const counterparty = await managedCounterparty(ctx, undefined);
      return { data: await listCabinetUsers(ctx.tx, counterparty.id) };
    },
  );

  app.post(
    '/pcc/users',
    {
      config: { cabinet: true, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: 'Invite a colleague by mail',
        body: cabinetUserInviteSchema,
        response: { 201: dataSchema(cabinetUserSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof cabinetUserInviteSchema>;
      const data = await db().transaction((tx) => inviteCabinetUser.run(useCaseContext(request, tx), body));
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/pcc/users/:id',
    {
      config: { cabinet: true, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: "Change a colleague's name, roles or disabled flag",
        params: idParamSchema,
        body: cabinetUserUpdateSchema,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof cabinetUserUpdateSchema>;
      const data = await db().transaction((tx) =>
        updateCabinetUser.run(useCaseContext(request, tx), { ...body, id }),
      );
      return { data };
    },
  );

  app.post(
    '/pcc/users/:id/reset',
    {
      config: { cabinet: true, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: "Reset a colleague's password",
        params: idParamSchema,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const data = await db().transaction((tx) => resetCabinetUser.run(useCaseContext(request, tx), { id }));
      return { data };
    },
  );

  await pccRoutes(app);
  await pccActionRoutes(app);
}
