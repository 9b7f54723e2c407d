import {
  apiKeySchema,
  colleagueResource,
  dataSchema,
  idParamSchema,
  userResource,
  userSchema,
} from '@tms/domain';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { users } from '../../platform/identity/tables';
import { registerResource } from '../../platform/resources';
import {
  afterWriteUser,
  beforeCreateUser,
  beforeUpdateUser,
  generateApiKey,
  revokeApiKey,
  toUser,
} from './admin';
import { changePasswordSchema, profileUpdateSchema, sessionUserSchema } from './schemas';
import { changePassword, loadSessionUser, updateProfile } from './service';

/**
 * Users: the management screens (/settings/users, with the API key actions) and the auth-related part,
 * the signed-in user's profile and password change.
 */
export default async function usersModule(app: App): Promise<void> {
  const { database } = app;

  registerResource(app, userResource, users, {
    // The case-insensitive unique index is on an expression, so the engine cannot name its field itself.
    constraints: { users_username_uq: 'username' },
    // Stored as its argon2 hash.
    virtual: ['cleartextPassword'],
    hooks: {
      beforeCreate: beforeCreateUser,
      beforeUpdate: beforeUpdateUser,
      afterWrite: afterWriteUser,
      toEntity: toUser,
    },
  });

  registerResource(app, colleagueResource, users);

  app.post(
    '/settings/users/:id/api-key',
    {
      config: { roles: ['ROLE_USER_EDIT'] },
      schema: {
        tags: ['user'],
        summary:
          'Issue a new API key for the user (replaces the old one); the key is shown only in this answer',
        params: idParamSchema,
        response: { 200: dataSchema(apiKeySchema) },
      },
    },
    async (request) => ({
      data: {
        apiKey: await database.db.transaction((tx) => generateApiKey(tx, request.auth!, request.params.id)),
      },
    }),
  );

  app.delete(
    '/settings/users/:id/api-key',
    {
      config: { roles: ['ROLE_USER_EDIT'] },
      schema: {
        tags: ['user'],
        summary: 'Revoke the user’s API key',
        params: idParamSchema,
        response: { 200: dataSchema(userSchema) },
      },
    },
    async (request) => ({
      data: toUser(await database.db.transaction((tx) => revokeApiKey(tx, request.auth!, request.params.id))),
    }),
  );

  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: dataSchema(sessionUserSchema) },
      },
    },
    async (request) => {
      const user = await loadSessionUser(database.db, request.auth!.userId);
      if (!user) throw notFound();
      return { data: user };
    },
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the own profile: contact name, locale, dark theme, new UI',
        body: profileUpdateSchema,
        response: { 200: dataSchema(sessionUserSchema) },
      },
    },
    async (request) => ({ data: await updateProfile(database, request.auth!, request.body) }),
  );

  app.post(
    '/users/:id/password',
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['users'],
        summary: 'Set a new password (own, or another user with ROLE_USER_EDIT)',
        params: idParamSchema,
        body: changePasswordSchema,
        response: { 200: dataSchema(sessionUserSchema) },
      },
    },
    async (request) => ({
      data: await changePassword(database, request.auth!, request.params.id, request.body, {
        ip: request.ip,
        now: app.clock(),
      }),
    }),
  );
}
