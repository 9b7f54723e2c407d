import {
  CABINET_KIND_LABELS,
  CABINET_KIND_ROLES,
  CABINET_KINDS,
  CABINET_PATHS,
  type CabinetKind,
  cabinetApiKeyCreateSchema,
  cabinetApiKeyIssuedSchema,
  cabinetApiKeySchema,
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
import { tokenFromRequest } from '../../../platform/auth/authenticate';
import { CABINET_TOKEN_PREFIX } from '../../../platform/auth/cabinet';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import type { App } from '../../../platform/http/types';
import { requestContext } from '../../../platform/resources';
import { counterparties } from '../../counterparties';
import { cabinetUsers } from '../tables';
import { cabinetSetPassword, cabinetSignIn, cabinetSignOut } from './auth';
import { issueCabinetApiKey, listCabinetApiKeys, revokeCabinetApiKey } from './keys';
import {
  CABINET_USERS_ROLES,
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
 * Who may enter a cabinet and as whom: each cabinet's (`/pcc`, `/ops`, `/carrier`) sign-in, password from a
 * one-time link and sign-out (`/{cabinet}/auth/*`), who is signed in (`/{cabinet}/me`), its users managed by
 * its own administrator (`/{cabinet}/users`) and its API keys; the cabinet users and keys managed from the
 * counterparty's page (`/counterparties/{id}/cabinet-users`).
 */
export function accessRoutes(app: App): void {
  for (const kind of CABINET_KINDS) {
    cabinetDoors(app, kind);
    keyDoors(app, kind);
  }
  backOfficeRoutes(app);
  backOfficeKeyRoutes(app);
}

const useCaseContext = (
  app: App,
  request: FastifyRequest,
  tx: Parameters<typeof requestContext>[1],
): CabinetUseCaseContext => ({
  ...requestContext(request, tx),
  now: app.clock(),
  publicUrl: app.appConfig.publicUrl,
});

/** One cabinet's sign-in, who is signed in, and its administrator's management of his colleagues. */
function cabinetDoors(app: App, kind: CabinetKind): void {
  const tags = ['cabinets'];
  const base = `/${CABINET_PATHS[kind]}`;
  const cabinet = CABINET_KIND_LABELS[kind].en;

  app.post(
    `${base}/auth/login`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: `A user of the ${cabinet.toLowerCase()} signs in`,
        security: [],
        body: cabinetLoginSchema,
        response: { 200: dataSchema(issuedToken) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof cabinetLoginSchema>;
      // Failures are recorded outside any transaction that a refusal would roll back.
      const data = await cabinetSignIn(
        requestDb(request),
        app.appConfig,
        kind,
        body,
        clientOf(request),
        app.clock(),
      );
      return { data };
    },
  );

  app.post(
    `${base}/auth/password`,
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
      const data = await requestDb(request).transaction((tx) =>
        cabinetSetPassword(tx, app.appConfig, kind, body, clientOf(request), app.clock()),
      );
      return { data };
    },
  );

  app.post(
    `${base}/auth/logout`,
    {
      config: { public: true },
      schema: { tags, summary: "End the cabinet user's session", security: [], response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = tokenFromRequest(request);
      if (token?.startsWith(CABINET_TOKEN_PREFIX))
        await cabinetSignOut(requestDb(request), token, app.clock());
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/me`,
    {
      config: { cabinet: kind },
      schema: {
        tags,
        summary: 'The signed-in cabinet: its kind, counterparty, user and roles',
        response: { 200: dataSchema(cabinetMeSchema) },
      },
    },
    async (request) => {
      const principal = request.cabinet!;
      const [counterparty] = await requestDb(request)
        .select({ name: counterparties.name })
        .from(counterparties)
        .where(eq(counterparties.id, principal.counterpartyId));
      const [user] = principal.cabinetUserId
        ? await requestDb(request)
            .select({ id: cabinetUsers.id, email: cabinetUsers.email, name: cabinetUsers.name })
            .from(cabinetUsers)
            .where(eq(cabinetUsers.id, principal.cabinetUserId))
        : [];
      return {
        data: {
          kind,
          counterpartyId: principal.counterpartyId,
          counterpartyName: counterparty?.name ?? '',
          user: user ?? null,
          roles: CABINET_KIND_ROLES[kind].filter((role) => principal.roles.has(role)),
        },
      };
    },
  );

  // The cabinet's own administrator, for his colleagues: his counterparty's users of his cabinet only.
  app.get(
    `${base}/users`,
    {
      config: { cabinet: kind, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: "The cabinet's users",
        response: { 200: dataSchema(z.array(cabinetUserSchema)) },
      },
    },
    async (request) => {
      const ctx = requestContext(request);
      const counterparty = await managedCounterparty(ctx, undefined);
      return { data: await listCabinetUsers(ctx, counterparty.id) };
    },
  );

  app.post(
    `${base}/users`,
    {
      config: { cabinet: kind, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: 'Invite a colleague by mail',
        body: cabinetUserInviteSchema,
        response: { 201: dataSchema(cabinetUserSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof cabinetUserInviteSchema>;
      const data = await requestDb(request).transaction((tx) =>
        inviteCabinetUser.run(useCaseContext(app, request, tx), body),
      );
      return reply.code(201).send({ data });
    },
  );

  app.put(
    `${base}/users/:id`,
    {
      config: { cabinet: kind, cabinetRoles: ADMIN },
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
      const data = await requestDb(request).transaction((tx) =>
        updateCabinetUser.run(useCaseContext(app, request, tx), { ...body, id }),
      );
      return { data };
    },
  );

  app.post(
    `${base}/users/:id/reset`,
    {
      config: { cabinet: kind, cabinetRoles: ADMIN },
      schema: {
        tags,
        summary: "Reset a colleague's password",
        params: idParamSchema,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const data = await requestDb(request).transaction((tx) =>
        resetCabinetUser.run(useCaseContext(app, request, tx), { id }),
      );
      return { data };
    },
  );
}

/**
 * The back office, from the counterparty's page: the users of the cabinets the staff user manages (his
 * ROLE_CABINET_USERS_* roles), within the counterparties he may see.
 */
function backOfficeRoutes(app: App): void {
  const tags = ['cabinets'];

  app.get(
    '/counterparties/:id/cabinet-users',
    {
      config: { roles: CABINET_USERS_ROLES },
      schema: {
        tags,
        summary: "The counterparty's cabinet users (of the cabinets the user manages)",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(cabinetUserSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const counterparty = await managedCounterparty(ctx, id);
      return { data: await listCabinetUsers(ctx, counterparty.id) };
    },
  );

  app.post(
    '/counterparties/:id/cabinet-users',
    {
      config: { roles: CABINET_USERS_ROLES },
      schema: {
        tags,
        summary: 'Invite a cabinet user by mail into one of the cabinets',
        params: idParamSchema,
        body: cabinetUserInviteSchema,
        response: { 201: dataSchema(cabinetUserSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof cabinetUserInviteSchema>;
      const data = await requestDb(request).transaction((tx) =>
        inviteCabinetUser.run(useCaseContext(app, request, tx), { ...body, counterpartyId: id }),
      );
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/counterparties/:id/cabinet-users/:userId',
    {
      config: { roles: CABINET_USERS_ROLES },
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
      const data = await requestDb(request).transaction((tx) =>
        updateCabinetUser.run(useCaseContext(app, request, tx), { ...body, counterpartyId: id, id: userId }),
      );
      return { data };
    },
  );

  app.post(
    '/counterparties/:id/cabinet-users/:userId/reset',
    {
      config: { roles: CABINET_USERS_ROLES },
      schema: {
        tags,
        summary: "Reset a cabinet user's password: his sessions end, a new one-time link is mailed",
        params: counterpartyUserParams,
        response: { 200: dataSchema(cabinetUserSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params as z.infer<typeof counterpartyUserParams>;
      const data = await requestDb(request).transaction((tx) =>
        resetCabinetUser.run(useCaseContext(app, request, tx), { counterpartyId: id, id: userId }),
      );
      return { data };
    },
  );
}

type KeyOwner = { userId: 'me' | number; counterpartyId?: number };
const keyParams = z.object({ id: idParamSchema.shape.id, keyId: idParamSchema.shape.id });
const userKeyParams = z.object({
  id: idParamSchema.shape.id,
  userId: idParamSchema.shape.id,
  keyId: idParamSchema.shape.id,
});

/**
 * The three doors of a user's API keys (list, issue, revoke), behind `prefix`: whose keys the path says
 * (`owner` reads it from the call's parameters).
 */
function keyRoutes(
  app: App,
  prefix: string,
  config: {
    cabinet?: CabinetKind;
    cabinetRoles?: readonly string[];
    cabinetSession?: boolean;
    roles?: typeof CABINET_USERS_ROLES;
  },
  /** The parameters of the list's path (none for one's own), and of a key's path with its `keyParam`. */
  params: { list: z.ZodObject | null; one: z.ZodObject; keyParam: 'id' | 'keyId' },
  owner: (params: Record<string, number>) => KeyOwner,
  whose: string,
): void {
  const tags = ['cabinets'];
  app.get(
    prefix,
    {
      config,
      schema: {
        tags,
        summary: `${whose} API keys (live ones, the newest first)`,
        ...(params.list && { params: params.list }),
        response: { 200: dataSchema(z.array(cabinetApiKeySchema)) },
      },
    },
    async (request) => ({
      data: await listCabinetApiKeys.run(
        requestContext(request),
        owner(request.params as Record<string, number>),
      ),
    }),
  );
  app.post(
    prefix,
    {
      config,
      schema: {
        tags,
        summary: `Issue an API key for ${whose.toLowerCase()} user: its name, roles and allowed addresses; shown once`,
        ...(params.list && { params: params.list }),
        body: cabinetApiKeyCreateSchema,
        response: { 201: dataSchema(cabinetApiKeyIssuedSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof cabinetApiKeyCreateSchema>;
      const data = await requestDb(request).transaction((tx) =>
        issueCabinetApiKey.run(useCaseContext(app, request, tx), {
          ...body,
          ...owner(request.params as Record<string, number>),
        }),
      );
      return reply.code(201).send({ data });
    },
  );
  app.delete(
    `${prefix}/:${params.keyParam}`,
    {
      config,
      schema: {
        tags,
        summary: `Revoke one of ${whose.toLowerCase()} API keys: it stops working at once`,
        params: params.one,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const values = request.params as Record<string, number>;
      const keyId = values[params.keyParam]!;
      await requestDb(request).transaction((tx) =>
        revokeCabinetApiKey.run(useCaseContext(app, request, tx), { ...owner(values), keyId }),
      );
      return reply.code(204).send(null);
    },
  );
}

/**
 * A cabinet user's own keys (`/{cabinet}/me/api-keys`) and those of his colleagues managed by the cabinet's
 * administrator (`/{cabinet}/users/{id}/api-keys`): from a signed-in session only.
 */
function keyDoors(app: App, kind: CabinetKind): void {
  const base = `/${CABINET_PATHS[kind]}`;
  keyRoutes(
    app,
    `${base}/me/api-keys`,
    { cabinet: kind, cabinetSession: true },
    { list: null, one: idParamSchema, keyParam: 'id' },
    () => ({ userId: 'me' }),
    'Your',
  );
  keyRoutes(
    app,
    `${base}/users/:id/api-keys`,
    { cabinet: kind, cabinetRoles: ADMIN, cabinetSession: true },
    { list: idParamSchema, one: keyParams, keyParam: 'keyId' },
    (params) => ({ userId: params.id! }),
    "A colleague's",
  );
}

/** The back office, from the counterparty's page: a cabinet user's keys. */
function backOfficeKeyRoutes(app: App): void {
  keyRoutes(
    app,
    '/counterparties/:id/cabinet-users/:userId/api-keys',
    { roles: CABINET_USERS_ROLES },
    { list: counterpartyUserParams, one: userKeyParams, keyParam: 'keyId' },
    (params) => ({ counterpartyId: params.id!, userId: params.userId! }),
    "A cabinet user's",
  );
}
