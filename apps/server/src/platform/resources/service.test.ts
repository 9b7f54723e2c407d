import {
  defineFieldRoles,
  defineResource,
  FIELD_ROLE_MESSAGES,
  loadingUnloadingMethodCreateSchema,
  loadingUnloadingMethodResource,
  loadingUnloadingMethodSchema,
  type Role,
  VALIDATION_FAILED,
} from '@tms/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadingUnloadingMethods } from '../../modules/reference-data/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser } from '../../test/users';
import type { AuthContext } from '../auth/context';
import { changeLog } from '../changelog/tables';
import { HttpError } from '../errors';
import { asSystem } from './context';
import { resourceService, type WriteEvent } from './service';
import { defineUseCase } from './use-case';

// A made-up role: the probe resource's field role.
const ROLE_RENAME = 'ROLE_PROBE_RENAME' as Role;

/** A resource over the loading-methods table whose English name needs a role, called without HTTP. */
const probe = defineResource({
  ...loadingUnloadingMethodResource,
  name: 'probe-service',
  path: '/probe/service',
  entity: loadingUnloadingMethodSchema,
  create: loadingUnloadingMethodCreateSchema,
  roles: { view: [], edit: [] },
  fieldRoles: defineFieldRoles({ roles: { nameEn: ROLE_RENAME } }),
});

type Row = typeof loadingUnloadingMethods.$inferSelect;

describe('resource service', () => {
  let ctx: TestContext;
  let plain: AuthContext;
  let renamer: AuthContext;
  const changes: WriteEvent<Row>[] = [];
  const service = resourceService(probe, loadingUnloadingMethods, {
    hooks: {
      scope: (auth) =>
        auth.roles.has(ROLE_RENAME) ? undefined : like(loadingUnloadingMethods.code, 'svc-%'),
      onChange: (_ctx, event) => {
        changes.push(event);
      },
    },
  });

  const principal = async (roles: string[]): Promise<AuthContext> => {
    const user = await createUser(ctx.database);
    return {
      userId: user.id,
      username: user.username,
      contactId: user.contactId,
      serviceOfficeId: null,
      roles: new Set(roles),
      kind: 'user',
      sessionId: null,
      impersonatorId: null,
      passwordChangeRequired: false,
    };
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    plain = await principal([]);
    renamer = await principal([ROLE_RENAME]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('creates, reads, updates and deletes with a principal and a database, logging each change', async () => {
    const call = { tx: ctx.database.db, auth: plain, registries: ctx.app.registries };
    const created = (await service.create(call, { code: 'svc-1', name: 'Погрузка' })) as { id: number };
    expect(await service.get(call, created.id)).toMatchObject({ code: 'svc-1', version: 1 });
    const updated = await service.update(call, created.id, { name: 'Выгрузка', version: 1 });
    expect(updated).toMatchObject({ name: 'Выгрузка', version: 2 });
    expect((await refusal(service.update(call, created.id, { name: 'x', version: 1 }))).statusCode).toBe(409);
    const page = await service.list(call, { page: 1, itemsPerPage: 10, search: 'Выгрузка' });
    expect(page.collection.map((e) => e.id)).toEqual([created.id]);
    await service.delete(call, created.id);
    expect((await refusal(service.get(call, created.id))).statusCode).toBe(404);
    const logged = await ctx.database.db
      .select({ action: changeLog.action, userId: changeLog.userId })
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'probe-service'), eq(changeLog.entityId, created.id)));
    expect(logged.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(new Set(logged.map((l) => l.userId))).toEqual(new Set([plain.userId]));
    expect(changes.map((c) => c.action).slice(-3)).toEqual(['create', 'update', 'delete']);
  });

  it('validates the input and applies the scope and the field roles', async () => {
    const call = { tx: ctx.database.db, auth: plain, registries: ctx.app.registries };
    const invalid = await refusal(service.create(call, { code: 'svc-2', name: 'A', color: 'red' }));
    expect(invalid.message).toBe(VALIDATION_FAILED);
    const denied = await refusal(service.create(call, { code: 'svc-2', name: 'A', nameEn: 'A' }));
    expect([denied.statusCode, denied.message]).toEqual([403, FIELD_ROLE_MESSAGES.fieldEditDenied]);
    const theirs = (await service.create(
      { tx: ctx.database.db, auth: renamer, registries: ctx.app.registries },
      {
        code: 'other-2',
        name: 'B',
        nameEn: 'B',
      },
    )) as { id: number };
    expect((await refusal(service.get(call, theirs.id))).statusCode).toBe(404);
    // Sending the stored value unchanged is no change of the field.
    const mine = (await service.create(
      { tx: ctx.database.db, auth: renamer, registries: ctx.app.registries },
      {
        code: 'svc-3',
        name: 'C',
        nameEn: 'C',
      },
    )) as { id: number };
    expect(await service.update(call, mine.id, { nameEn: 'C', name: 'D', version: 1 })).toMatchObject({
      name: 'D',
    });
  });

  it('writes a locked row under its own action, as the system, and rolls back with the caller', async () => {
    const call = { tx: ctx.database.db, auth: renamer, registries: ctx.app.registries };
    const created = (await service.create(call, { code: 'svc-4', name: 'E' })) as { id: number };
    await ctx.database.db
      .transaction(async (tx) => {
        const row = await service.find(
          asSystem({ tx, registries: ctx.app.registries }, 'probe rename'),
          created.id,
          {
            lock: true,
          },
        );
        const after = await service.write(
          asSystem({ tx, registries: ctx.app.registries }, 'probe rename'),
          row,
          { name: 'F' },
          { action: 'rename' },
        );
        expect(after.version).toBe(2);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await service.get(call, created.id)).toMatchObject({ name: 'E', version: 1 });
    await ctx.database.db.transaction(async (tx) => {
      const row = await service.find(
        asSystem({ tx, registries: ctx.app.registries }, 'probe rename'),
        created.id,
        {
          lock: true,
        },
      );
      await service.write(
        asSystem({ tx, registries: ctx.app.registries }, 'probe rename'),
        row,
        { name: 'F' },
        { action: 'rename', version: 1 },
      );
    });
    expect(changes.at(-1)).toMatchObject({ action: 'rename', after: { name: 'F' } });
    const history = await service.history(call, created.id, { page: 1, itemsPerPage: 10 });
    expect(history.collection[0]).toMatchObject({
      action: 'rename',
      user: null,
      principal: 'system',
      reason: 'probe rename',
    });
  });

  it('runs a use case on parsed input, refusing what its schema refuses', async () => {
    const rename = defineUseCase({
      name: 'probe.rename',
      roles: [],
      input: z.object({ id: z.number().int(), name: z.string().min(1) }),
      output: z.object({ name: z.string() }),
      run: async (call, input) => {
        const row = await service.find(call, input.id, { lock: true });
        const after = await service.write(call, row, { name: input.name }, { action: 'rename' });
        return { name: after.name };
      },
    });
    const created = (await service.create(
      { tx: ctx.database.db, auth: renamer, registries: ctx.app.registries },
      {
        code: 'svc-5',
        name: 'G',
      },
    )) as { id: number };
    const call = { tx: ctx.database.db, auth: renamer, registries: ctx.app.registries };
    expect(await rename.execute(call, { id: created.id, name: 'H' })).toEqual({ name: 'H' });
    expect((await refusal(rename.execute(call, { id: created.id, name: '' }))).message).toBe(
      VALIDATION_FAILED,
    );
  });
});
