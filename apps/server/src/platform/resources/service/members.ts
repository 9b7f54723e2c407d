import type { ResourceDescriptor } from '@tms/domain';
import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The members of a declaration that no column of its table holds and nothing declares: a create member
 * must be a column or one of the options' `virtual` members (the hooks write it elsewhere: a payment's
 * links); an entity member a column, virtual, or computed by the resource's own `toEntity`/`toEntities`.
 * The service refuses to start with any (a misspelt column, a member the engine would drop unsaid).
 */
export function membersWithoutColumn(
  descriptor: ResourceDescriptor,
  table: Table,
  options: { virtual?: readonly string[]; hooks?: { toEntity?: unknown; toEntities?: unknown } },
): string[] {
  const columns = getTableColumns(table);
  const virtual = new Set(options.virtual ?? []);
  const computed = Boolean(options.hooks?.toEntity || options.hooks?.toEntities);
  const missing = (member: string) => !(member in columns) && !virtual.has(member);
  return [
    ...Object.keys(descriptor.create.shape)
      .filter(missing)
      .map((member) => `the create member ${member} has no column (nor is it declared virtual)`),
    ...(computed ? [] : Object.keys(descriptor.entity.shape))
      .filter(missing)
      .map((member) => `the entity member ${member} has no column (nor a toEntity hook computing it)`),
  ];
}
