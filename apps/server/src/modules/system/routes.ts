import {
  buildNav,
  dataSchema,
  HOME_OBJECTS,
  issuesToTree,
  MESSAGES,
  SHORT_DATE_FORMAT,
  SHORT_MONTH_FORMAT,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError, notFound, ValidationError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { recentDocuments } from '../documents';
import { getOptions } from '../options';
import { loadSessionUser } from '../users';
import { type HomeData, homeQuerySchema, homeSchema, type SystemData, systemSchema } from './schemas';
import { currencyIdByCode, loadImpersonator, withLabels } from './service';

const objectsSchema = z.array(z.enum(HOME_OBJECTS)).min(1);

/** The `objects` query: a JSON list of known object names; anything else is a Validation Failed tree. */
function parseObjects(raw: string): Set<(typeof HOME_OBJECTS)[number]> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError(['objects'], MESSAGES.invalid);
  }
  const result = objectsSchema.safeParse(value);
  if (!result.success) {
    const tree = issuesToTree(
      result.error.issues.map((issue) => ({ ...issue, path: ['objects', ...issue.path] })),
    );
    throw new ValidationError(tree);
  }
  return new Set(result.data);
}

/** The calls the shell makes after sign-in (spec §7): `GET /api/system` and `GET /api/home`. */
export default async function systemModule(app: App): Promise<void> {
  const { database } = app;

  app.get(
    '/system',
    {
      // The shell loads it to show the forced password change.
      config: { beforePasswordChange: true },
      schema: {
        tags: ['system'],
        summary: 'The signed-in user, roles, menu and options',
        response: { 200: dataSchema(systemSchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const [user, options, impersonator] = await Promise.all([
        loadSessionUser(database.db, auth.userId),
        getOptions(database.db),
        auth.impersonatorId === null ? null : loadImpersonator(database.db, auth.impersonatorId),
      ]);
      if (!user) throw notFound();
      const data: SystemData = {
        user,
        roles: [...auth.roles].sort(),
        nav: withLabels(buildNav(auth.roles)),
        impersonator,
        options: {
          announcementEditTimeout: options.announcementEditTimeout,
          orderCargoDeclaredValue: options.cargoDeclaredValue,
          orderCargoDeclaredValuePerKg: options.cargoDeclaredValuePerKg,
          customerRequestRestoreStatusTimeout: options.customerRequestRestoreStatusTimeout,
          wmsWarehouseId: options.wmsWarehouseId,
          cargoInsuredValue: options.cargoInsuredValue,
          cargoDeclaredValuePerKg: options.cargoDeclaredValuePerKg,
          shortDateFormat: SHORT_DATE_FORMAT,
          shortMonthFormat: SHORT_MONTH_FORMAT,
          locale: user.locale,
          localeShort: user.localeShort,
          darkTheme: user.darkTheme,
          systemCurrency: options.systemCurrencyCode,
          // File tag types come with the file tags module; until then there are none.
          fileTagTypes: [],
        },
      };
      return { data };
    },
  );

  app.get(
    '/home',
    {
      config: { roles: ['ROLE_COMPANY_CHAPTERS'] },
      schema: {
        tags: ['system'],
        summary: 'Header objects: the system currency and recent documents',
        querystring: homeQuerySchema,
        response: { 200: dataSchema(homeSchema) },
      },
    },
    async (request) => {
      const objects = parseObjects(request.query.objects);
      const data: HomeData = {};
      if (objects.has('systemCurrency')) {
        const { systemCurrencyCode } = await getOptions(database.db);
        data.systemCurrency = systemCurrencyCode;
        data.systemCurrencyId = await currencyIdByCode(database.db, systemCurrencyCode);
      }
      if (objects.has('recentDocuments')) {
        data.recentDocuments = await recentDocuments(database.db, request.auth!, app.clock());
      }
      return { data };
    },
  );
}
