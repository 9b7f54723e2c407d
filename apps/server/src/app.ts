import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type CabinetKind, ERROR_MESSAGES } from '@tms/domain';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connection';
import { accessGroupsModule } from './modules/access-groups/module';
import { assignmentModule } from './modules/assignment/module';
import { cabinetLookup } from './modules/cabinets';
import { cabinetsModule } from './modules/cabinets/module';
import { carriersModule } from './modules/carriers/module';
import { communicationModule } from './modules/communication/module';
import { companyModule } from './modules/company/module';
import { structureSubordinates } from './modules/company-structure';
import { companyStructureModule } from './modules/company-structure/module';
import { counterpartiesModule } from './modules/counterparties/module';
import { customFieldsModule } from './modules/custom-fields/module';
import { customsModule } from './modules/customs/module';
import { dataImportModule } from './modules/data-import/module';
import { documentsModule } from './modules/documents/module';
import { financeModule } from './modules/finance/module';
import { insuranceModule } from './modules/insurance/module';
import { markingModule } from './modules/marking/module';
import { operationsModule } from './modules/operations/module';
import { optionsModule } from './modules/options/module';
import { pricingModule } from './modules/pricing/module';
import { referenceDataModule } from './modules/reference-data/module';
import { reportsModule } from './modules/reports/module';
import { hyperRequestsModule, requestsModule } from './modules/requests/module';
import { shipmentDocumentsModule } from './modules/shipment-documents/module';
import { systemModule } from './modules/system/module';
import { userDefinedListsModule } from './modules/user-defined-lists/module';
import { usersModule } from './modules/users/module';
import { warehouseModule } from './modules/warehouse/module';
import { workflowsModule } from './modules/workflows/module';
import { createAuthenticate, type Resolved } from './platform/auth/authenticate';
import { createCabinetAuthenticate } from './platform/auth/cabinet';
import { registerCabinetWall } from './platform/auth/cabinet-wall';
import { registerAuthGuard } from './platform/auth/guard';
import authRoutes, { authBrowserRoutes } from './platform/auth/routes';
import { SessionCache, wireSessionCache } from './platform/auth/session-cache';
import changeLogRoutes from './platform/changelog/routes';
import { type Clock, systemClock } from './platform/clock';
import { registerErrorHandler, registerInputGuard, zodValidatorCompiler } from './platform/errors';
import { EventDispatcher } from './platform/events/dispatcher';
import { eventRetentionJob } from './platform/events/retention';
import { preparedExportRoutes, preparedExportTask } from './platform/exports/prepared-export';
import filesRoutes, { fileStorageOf, staleUploadsJob } from './platform/files/routes';
import { registerUploadLimits } from './platform/files/upload-limit';
import { earlySecurityHeaders, registerSecurityHeaders } from './platform/http/headers';
import { idempotencyKeysJob, registerIdempotency } from './platform/http/idempotency';
import { registerJsonParser } from './platform/http/json';
import { RequestLog } from './platform/http/logging';
import { recordIdParams } from './platform/http/params';
import { declareRouteQuery, registerQueryGuard } from './platform/http/query';
import type { App } from './platform/http/types';
import { importApplyTask, importRoutes } from './platform/imports';
import { housekeepingJob } from './platform/jobs/housekeeping';
import { JobQueue } from './platform/jobs/queue';
import { backgroundJobRoutes, scheduledJobsRoutes } from './platform/jobs/routes';
import {
  BACKGROUND_JOB_FILE_OWNERS,
  BACKGROUND_JOB_TOPICS,
  backgroundJobsCleanupJob,
} from './platform/jobs/service';
import listViewsRoutes from './platform/list-views/routes';
import { buildRegistries, defineModule, type ModuleDefinition } from './platform/modules';
import { notificationMailJob } from './platform/notifications/mailer';
import notificationRoutes from './platform/notifications/routes';
import { registerReadRouting } from './platform/read-routing';
import { recordChangesSubscriber } from './platform/realtime/changes';
import { SHELL_TOPICS } from './platform/realtime/hub';
import realtimeRoutes, { registerRealtime } from './platform/realtime/routes';
import { type WorkerEntry, WorkerPool } from './platform/workers/pool';
// The tasks' declarations (`WorkerTasks`) sit beside the tasks the worker entry serves: this makes them part of
// every program that builds the app (the bench, the e2e tests), not only of the server's own.
import type {} from './worker';

/** A route as declared, for the security suite's role × endpoint matrix. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  roles: readonly string[];
  websocket: boolean;
  /** For counterparties' cabinets only (a user or the API key). */
  cabinet: boolean;
  /** The cabinet a cabinet-only route belongs to; null for a route of every cabinet or none. */
  cabinetKind: CabinetKind | null;
  /** Serves staff users and cabinets too (`config.cabinet: 'also'`): the kernel scopes a cabinet to its counterparty. */
  cabinetAlso: boolean;
  /** A cabinet route's roles within the cabinet (any of them), e.g. its administrator's. */
  cabinetRoles: readonly string[];
  /** Path parameters that are record ids (decimal digits only). */
  idParams: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Modules added after the product's (tests declaring a file owner or a merge hook of their own). */
  extraModules?: readonly ModuleDefinition[];
  logger?: FastifyServerOptions['logger'];
  /** The time of sign-in throttling (tests pass a fake clock). */
  clock?: Clock;
  /** The worker threads' entry; unset, the app's own (tests pass the one they bundled for the run). */
  workerEntry?: WorkerEntry;
}

/**
 * Every module of the product and every platform part serving routes, in the order their routes are
 * registered under /api. Each declares what it contributes (routes, scheduled jobs, real-time topics, file
 * owners, contributions to other modules' extension points); `buildApp` builds the app's registries from
 * this list, per app instance.
 */
export const MODULES: readonly ModuleDefinition[] = [
  defineModule({
    name: 'realtime',
    routes: realtimeRoutes,
    topics: SHELL_TOPICS,
    subscribers: { 'realtime.record-changes': recordChangesSubscriber },
  }),
  defineModule({ name: 'events', jobs: [eventRetentionJob] }),
  defineModule({ name: 'auth', routes: authRoutes }),
  usersModule,
  accessGroupsModule,
  systemModule,
  defineModule({
    name: 'scheduled-jobs',
    routes: scheduledJobsRoutes,
    jobs: [housekeepingJob, idempotencyKeysJob],
  }),
  defineModule({
    name: 'background-jobs',
    routes: backgroundJobRoutes,
    jobs: [backgroundJobsCleanupJob],
    topics: BACKGROUND_JOB_TOPICS,
    fileOwners: BACKGROUND_JOB_FILE_OWNERS,
  }),
  optionsModule,
  defineModule({ name: 'files', routes: filesRoutes, jobs: [staleUploadsJob] }),
  defineModule({ name: 'imports', routes: importRoutes, tasks: [importApplyTask] }),
  defineModule({ name: 'prepared-exports', routes: preparedExportRoutes, tasks: [preparedExportTask] }),
  referenceDataModule,
  companyModule,
  financeModule,
  requestsModule,
  pricingModule,
  hyperRequestsModule,
  defineModule({ name: 'changelog', routes: changeLogRoutes }),
  customsModule,
  assignmentModule,
  customFieldsModule,
  userDefinedListsModule,
  counterpartiesModule,
  carriersModule,
  operationsModule,
  reportsModule,
  warehouseModule,
  documentsModule,
  workflowsModule,
  defineModule({ name: 'list-views', routes: listViewsRoutes }),
  defineModule({ name: 'notifications', routes: notificationRoutes, jobs: [notificationMailJob] }),
  communicationModule,
  companyStructureModule,
  insuranceModule,
  markingModule,
  dataImportModule,
  shipmentDocumentsModule,
  cabinetsModule,
];

export async function buildApp({
  config,
  database,
  logger = false,
  extraModules = [],
  clock = systemClock,
  workerEntry,
}: BuildOptions): Promise<App> {
  const modules = [...MODULES, ...extraModules];
  const earlyHeaders = earlySecurityHeaders(config);
  const app = Fastify({
    logger,
    logController: new RequestLog(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (malformed URL, overlong path parameter) also answer in the contract.
    frameworkErrors: (error, request, reply) => {
      earlyHeaders(request, reply as FastifyReply);
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'The request URI is too long.' : 'The request URL is not valid.';
      (reply as FastifyReply).code(status).send({ code: status, message });
    },
  }).withTypeProvider() as unknown as App;

  const workers = new WorkerPool({
    threads: config.workerThreads,
    taskTimeoutMs: config.workerTaskTimeoutMs,
    memoryMb: config.workerMemoryMb,
    entry: workerEntry,
  });
  const registries = buildRegistries(modules, workers);
  app.decorate('database', database);
  app.decorate('registries', registries);
  app.decorate('appConfig', config);
  app.decorate('clock', clock);
  // Its workers start with `app.queue.start()` (main.ts) and stop, letting running jobs end, on close.
  const queue = new JobQueue({
    database,
    config,
    log: app.log,
    registries,
    clock,
    storage: fileStorageOf(config),
  });
  app.decorate('queue', queue);
  app.addHook('onClose', () => queue.stop());
  // After the queue: its running jobs may still hand work to the threads while they end.
  app.addHook('onClose', () => workers.close());
  const events = new EventDispatcher({ database, registries: app.registries, log: app.log, clock });
  app.decorate('events', events);
  await events.register();
  if (config.eventDispatcher) app.addHook('onReady', () => events.start());
  app.addHook('onClose', () => events.stop());
  app.setValidatorCompiler(zodValidatorCompiler);
  // Responses are plain JSON: schemas document them, the services produce them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(app);
  registerJsonParser(app);
  registerInputGuard(app);
  registerQueryGuard(app);
  registerSecurityHeaders(app, config);
  await registerReadRouting(app, config.readYourWritesMs);

  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    declareRouteQuery(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const idParams = recordIdParams(methods.join(','), route.url, route.schema?.params);
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        roles: route.config?.roles ?? [],
        websocket: (route as { websocket?: boolean }).websocket === true,
        cabinet: route.config?.cabinet !== undefined && route.config.cabinet !== 'also',
        cabinetKind:
          route.config?.cabinet === undefined ||
          route.config.cabinet === true ||
          route.config.cabinet === 'also'
            ? null
            : route.config.cabinet,
        cabinetAlso: route.config?.cabinet === 'also',
        cabinetRoles: route.config?.cabinetRoles ?? [],
        idParams,
      });
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TMS API', version: '2025.26.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  const sessionCache = new SessionCache<Resolved>(config.authCacheMs, clock);
  await wireSessionCache(app, database, sessionCache);
  registerAuthGuard(
    app,
    createAuthenticate(database, config, clock, sessionCache, structureSubordinates),
    createCabinetAuthenticate(database, cabinetLookup, clock),
  );
  registerCabinetWall(app, database);
  await authBrowserRoutes(app);
  registerIdempotency(app);
  registerUploadLimits(app);

  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async () => ({
    data: { status: 'ok' },
  }));

  await registerRealtime(app);
  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api as App);
    },
    { prefix: '/api' },
  );

  const webDir = config.webDir;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send({ code: 404, message: ERROR_MESSAGES.notFound });
    }
    // History routing: every app path is answered with the web app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
