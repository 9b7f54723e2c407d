import type { EventSubscriber } from '../modules';
import { publish } from './hub';

/** What a follower of `<topic>/<id>` hears of each committed change of the record. */
export interface RecordChangeMessage {
  id: number;
  version: number;
  /** The acting user; null for the system. */
  changedBy: number | null;
  deleted?: true;
}

/**
 * Announces the committed changes of records whose entity type a module maps to a topic (`changeTopics`:
 * operations' orders on `orders/<id>`), so that an open page reloads what changed elsewhere. A new record
 * has no followers yet. Published in the delivery's transaction, the messages go out when it commits; one
 * delivered twice says again a version the page already has, which it ignores.
 */
export const recordChangesSubscriber: EventSubscriber = {
  entities: (registries) => [...registries.changeTopics.keys()],
  async handle({ tx, registries }, events) {
    for (const event of events) {
      const topic = registries.changeTopics.get(event.entityType);
      if (!topic || event.kind === 'create' || event.version === null) continue;
      const message: RecordChangeMessage = {
        id: event.entityId,
        version: event.version,
        changedBy: event.userId,
        ...(event.kind === 'delete' ? { deleted: true as const } : {}),
      };
      await publish(tx, `${topic}/${event.entityId}`, message);
    }
  },
};
