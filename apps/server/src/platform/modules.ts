import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Database, Tx } from '../db/connection';
import type { SystemPrincipal } from './auth/context';
import type { ChangeLogRule } from './changelog/visibility';
import type { Clock } from './clock';
import type { DomainEvent } from './events/outbox';
import type { OwnerAccess } from './files/service';
import type { Module } from './http/types';
import type { NotificationType } from './notifications/types';
import type { TopicRule } from './realtime/hub';
import { ResourceRegistry } from './resources/registry';
import { WorkerPool } from './workers/pool';

/**
 * What modules contribute to one another's extension points, by the point's name. Empty here: a module
 * owning an extension point adds it by declaration merging (counterparties: `counterpartyMergeHooks`),
 * so the platform knows no module.
 *
 *   declare module '../../platform/modules' {
 *     interface ModuleContributions { counterpartyMergeHooks: CounterpartyMergeHook }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules (declaration merging).
export interface ModuleContributions {}

/**
 * Everything one module (or platform part) adds to the app, in one place: its routes under /api, its
 * scheduled jobs, the real-time topics it answers for, the owner types of files it answers for, and its
 * contributions to other modules' extension points. The app builds its registries from the list.
 */
export interface ModuleDefinition {
  name: string;
  /** Registers the module's routes (without the /api prefix, which the app adds). */
  routes?: Module;
  /** Scheduled work: every occurrence runs once, in one instance, one run of a job at a time. */
  jobs?: readonly ScheduledJob[];
  /** The kinds of background job the module enqueues (`defineTask`, platform/jobs/tasks.ts). */
  tasks?: readonly TaskDefinition[];
  /** Who may subscribe to the module's real-time topics, by topic name (`name` or `name/<id>`). */
  topics?: Readonly<Record<string, TopicRule>>;
  /**
   * Entity type → one of the module's topics: every committed change of such a record but its creation is
   * announced on `<topic>/<id>` as `{ id, version, changedBy, deleted? }` (platform/realtime/changes.ts).
   */
  changeTopics?: Readonly<Record<string, string>>;
  /**
   * What the module does with committed changes (domain events, platform/events), by subscriber name: each
   * subscriber gets every event it asks for at least once, in order. The name keeps its place in the
   * outbox: a new name starts from the events written after it first ran.
   */
  subscribers?: Readonly<Record<string, EventSubscriber>>;
  /** Who may read files attached to the module's records, by owner type. */
  fileOwners?: Readonly<Record<string, OwnerAccess>>;
  /** The notification types the module raises with `notify`, by name (their texts: `notifications.json`). */
  notifications?: Readonly<Record<string, NotificationType>>;
  /**
   * Who may read the change-log entries of the entity types the module logs that are not resources (a
   * resource's entries follow its read roles and scope), by entity type.
   */
  changeLog?: Readonly<Record<string, ChangeLogRule>>;
  /** Contributions to extension points of other modules: point → name → contribution. */
  contributes?: {
    readonly [P in keyof ModuleContributions]?: Readonly<Record<string, ModuleContributions[P]>>;
  };
}

export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}

export interface JobContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The registries of the app the job runs for (what the modules contribute). */
  registries: Registries;
  /** The app's time (tests pass a fake one); absent, the system's. */
  clock?: Clock;
}

/**
 * What a background job's code gets: the app's parts, which job it is, a way to report progress and the
 * signal that tells it to stop (its owner cancelled it, or the instance is shutting down).
 */
export interface TaskContext extends JobContext {
  clock: Clock;
  job: { id: number; attempt: number; maxAttempts: number; userId: number | null };
  /**
   * Reports how far the job is (0-100) and what it does now: a stable English text (`Reading {{name}}`)
   * the web translates, with its values. Returns at once: the queue writes the latest report at most
   * once a second, outside the job's transactions. Throws `JobCancelled` once the job is to stop.
   */
  progress(percent: number, message?: string, params?: Record<string, string | number>): void;
  signal: AbortSignal;
}

/**
 * What a finished job leaves: a file the queue stores for its owner, or a file the job stored itself; and
 * what it did (`summary`: a stable English text with `{{name}}` values, kept as its last progress message).
 */
export interface TaskOutcome {
  file?: { name: string; mimeType: string; content: Buffer | Readable };
  fileId?: number;
  summary?: { message: string; params?: Record<string, string | number> };
}

/**
 * A kind of background job (platform/jobs/tasks.ts `defineTask`): its payload's schema, its run, and how it
 * retries. A job that throws runs again after `backoffMs`, doubled for each attempt, until `maxAttempts`;
 * a refusal (`HttpError`) or a `JobFailure` without `retry` fails it at once.
 */
export interface TaskDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  run(ctx: TaskContext, payload: P): Promise<TaskOutcome | undefined>;
  /** 3 unless said. */
  maxAttempts?: number;
  /** The wait before the first retry, ms (30 s unless said); each further one doubles, up to an hour. */
  backoffMs?: number;
}

/**
 * Where a subscriber handles a batch of events: the delivery's transaction, in which its effects commit
 * together with its progress (or roll back with it), as the system (the acting user of each change is in its
 * event).
 */
export interface SubscriberContext {
  tx: Tx;
  auth: SystemPrincipal;
  registries: Registries;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** A consumer of domain events, declared in a module's `subscribers`. */
export interface EventSubscriber {
  /** The entity types it hears of (`'*'`: all), or what the app's registries say they are. */
  entities: readonly string[] | '*' | ((registries: Registries) => readonly string[]);
  /** The kinds (change-log actions) it hears of; unset: all. */
  kinds?: readonly string[];
  /** Whether its events carry the changed fields' old and new values (read from the change log). */
  changes?: boolean;
  /** Events per call of `handle` (100). */
  batchSize?: number;
  /**
   * Handles events in their order. Runs in the delivery's transaction: a throw rolls its effects back and
   * the batch comes again later. Delivery is at least once, so an effect outside the transaction (a mail,
   * a call to another system) must be idempotent, keyed by the event's id.
   */
  handle(ctx: SubscriberContext, events: readonly DomainEvent[]): Promise<void>;
}

/**
 * Work that runs every `intervalMs` (the archiver, clean-ups): each occurrence is a job of the queue that
 * exactly one instance runs, and a run never overlaps the previous one. A failed occurrence is not retried:
 * the next one is its retry. `run` may answer a value (an administrator's "run now" answers it).
 */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run(ctx: TaskContext): Promise<unknown>;
}

/** The registries of one app instance, built from its modules; nothing is registered by importing a file. */
export interface Registries {
  modules: readonly ModuleDefinition[];
  jobs: readonly ScheduledJob[];
  /** The kinds of background job by name (scheduled jobs are not among them). */
  tasks: ReadonlyMap<string, TaskDefinition>;
  topics: ReadonlyMap<string, TopicRule>;
  /** Entity type → the topic its changes are announced on. */
  changeTopics: ReadonlyMap<string, string>;
  subscribers: ReadonlyMap<string, EventSubscriber>;
  fileOwners: ReadonlyMap<string, OwnerAccess>;
  notificationTypes: ReadonlyMap<string, NotificationType>;
  changeLog: ReadonlyMap<string, ChangeLogRule>;
  /** The resources the instance serves, filled as their routes are registered. */
  resources: ResourceRegistry;
  /**
   * The instance's worker threads: CPU-heavy work (documents, PDFs, exports, reading import files) runs there
   * by task name (`workers.run('finance.printable-bill-pdf', input)`), off the request loop.
   */
  workers: WorkerPool;
  /** The contributions to one extension point, in module order, by their names. */
  contributions<P extends keyof ModuleContributions>(point: P): ReadonlyMap<string, ModuleContributions[P]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    registries: Registries;
  }
}

function collect<T>(
  modules: readonly ModuleDefinition[],
  what: string,
  entries: (module: ModuleDefinition) => Readonly<Record<string, T>> | undefined,
): Map<string, T> {
  const out = new Map<string, T>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(entries(module) ?? {})) {
      if (out.has(name)) throw new Error(`${what} "${name}" is declared twice (module ${module.name})`);
      out.set(name, value);
    }
  }
  return out;
}

/** `workers`: the app's pool (`buildApp` passes one sized by the config and ends it with the app). */
export function buildRegistries(
  modules: readonly ModuleDefinition[],
  workers: WorkerPool = new WorkerPool(),
): Registries {
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Module "${module.name}" is listed twice`);
    names.add(module.name);
  }
  const jobs = modules.flatMap((module) => module.jobs ?? []);
  // One name space: a job of the queue is a task or an occurrence of a scheduled job, by its kind.
  const kinds = new Set<string>();
  for (const module of modules) {
    for (const { name } of [...(module.jobs ?? []), ...(module.tasks ?? [])]) {
      if (kinds.has(name)) throw new Error(`Job kind "${name}" is declared twice (module ${module.name})`);
      kinds.add(name);
    }
  }
  const tasks = new Map(modules.flatMap((module) => (module.tasks ?? []).map((task) => [task.name, task])));
  const points = new Map<string, Map<string, unknown>>();
  const topics = collect(modules, 'Real-time topic', (module) => module.topics);
  const changeTopics = collect(modules, 'Change topic of entity type', (module) => module.changeTopics);
  for (const [entity, topic] of changeTopics) {
    if (!topics.has(topic))
      throw new Error(`Changes of "${entity}" go to "${topic}", a topic nobody declares`);
  }
  return {
    modules,
    jobs,
    tasks,
    topics,
    changeTopics,
    subscribers: collect(modules, 'Event subscriber', (module) => module.subscribers),
    fileOwners: collect(modules, 'File owner type', (module) => module.fileOwners),
    notificationTypes: collect(modules, 'Notification type', (module) => module.notifications),
    changeLog: collect(modules, 'Change-log entity type', (module) => module.changeLog),
    resources: new ResourceRegistry(),
    workers,
    contributions(point) {
      let found = points.get(point);
      if (!found) {
        found = collect(modules, `Contribution to ${point}`, (module) => module.contributes?.[point]);
        points.set(point, found);
      }
      return found as ReadonlyMap<string, ModuleContributions[typeof point]>;
    },
  };
}
