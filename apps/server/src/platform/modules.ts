import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Tx } from '../db/connection';
import type { ChangeLogRule } from './changelog/visibility';
import type { Clock } from './clock';
import type { DomainEvent } from './events/outbox';
import type { OwnerAccess } from './files/service';
import type { Module } from './http/types';
import type { NotificationType } from './notifications/types';
import type { TopicRule } from './realtime/hub';
import { ResourceRegistry } from './resources/registry';

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
  /** Scheduled work; each job runs in one instance at a time. */
  jobs?: readonly ScheduledJob[];
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
 * Where a subscriber handles a batch of events: the delivery's transaction, in which its effects commit
 * together with its progress (or roll back with it), as the system (`auth` null: the acting user of each
 * change is in its event).
 */
export interface SubscriberContext {
  tx: Tx;
  auth: null;
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

/** Work that runs on a timer in exactly one server instance at a time (the archiver, clean-ups). */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run(ctx: JobContext): Promise<void>;
}

/** The registries of one app instance, built from its modules; nothing is registered by importing a file. */
export interface Registries {
  modules: readonly ModuleDefinition[];
  jobs: readonly ScheduledJob[];
  topics: ReadonlyMap<string, TopicRule>;
  /** Entity type → the topic its changes are announced on. */
  changeTopics: ReadonlyMap<string, string>;
  subscribers: ReadonlyMap<string, EventSubscriber>;
  fileOwners: ReadonlyMap<string, OwnerAccess>;
  notificationTypes: ReadonlyMap<string, NotificationType>;
  changeLog: ReadonlyMap<string, ChangeLogRule>;
  /** The resources the instance serves, filled as their routes are registered. */
  resources: ResourceRegistry;
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

export function buildRegistries(modules: readonly ModuleDefinition[]): Registries {
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Module "${module.name}" is listed twice`);
    names.add(module.name);
  }
  const jobs = modules.flatMap((module) => module.jobs ?? []);
  collect(modules, 'Scheduled job', (module) =>
    Object.fromEntries((module.jobs ?? []).map((job) => [job.name, job])),
  );
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
    topics,
    changeTopics,
    subscribers: collect(modules, 'Event subscriber', (module) => module.subscribers),
    fileOwners: collect(modules, 'File owner type', (module) => module.fileOwners),
    notificationTypes: collect(modules, 'Notification type', (module) => module.notifications),
    changeLog: collect(modules, 'Change-log entity type', (module) => module.changeLog),
    resources: new ResourceRegistry(),
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
