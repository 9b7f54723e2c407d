import type { ResourceDescriptor } from '@tms/domain';
import { getTableColumns, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { membersWithoutColumn } from '../platform/resources/service/members';

/** The zod type under optional, nullable, default and pipes, and whether null passes. */
function shapeOf(schema: z.ZodType): { kind: string; nullable: boolean } {
  let current = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (;;) {
    const { type } = current.def;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(type)) {
      current = current.def.innerType as typeof current;
    } else if (type === 'pipe') {
      current = current.def.in as typeof current;
    } else break;
  }
  return { kind: current.def.type, nullable: schema.safeParse(null).success };
}

/** The JSON kinds a column's values take in an entity (dates become ISO text). */
const KINDS_OF_COLUMN: Record<string, string[]> = {
  string: ['string', 'enum', 'literal', 'union', 'custom'],
  number: ['number', 'int', 'bigint', 'enum', 'literal', 'union'],
  boolean: ['boolean', 'literal'],
  date: ['string', 'custom', 'union'],
  array: ['array', 'tuple'],
  bigint: ['number', 'bigint', 'string'],
};

/** Nullable columns a resource reads only where they are set (its scope), with why. */
const NULLABLE_OUTSIDE: Record<string, string> = {
  'counterparty_contact.counterpartyId':
    "users' contacts share the table; the resource reads counterparties' only",
};

/**
 * Where a resource's table and declaration drift: a member without a column that its service's options do
 * not declare (`virtual`, or an entity its `toEntity` computes: `membersWithoutColumn`), an entity or create
 * member that is a column of another kind, or a nullable column whose entity member is never null (unless
 * the resource computes its entity).
 */
export function declarationProblems(
  descriptor: ResourceDescriptor,
  table: Table,
  options: Parameters<typeof membersWithoutColumn>[2] = {},
): string[] {
  const computed = Boolean(options.hooks?.toEntity || options.hooks?.toEntities);
  const problems = membersWithoutColumn(descriptor, table, options).map(
    (problem) => `${descriptor.name}: ${problem}`,
  );
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const check = (schemaName: string, shape: Record<string, z.ZodType>, entity: boolean) => {
    for (const [member, schema] of Object.entries(shape)) {
      const column = columns[member];
      if (!column) continue;
      const { kind, nullable } = shapeOf(schema);
      const allowed = KINDS_OF_COLUMN[column.dataType.split(' ')[0]!];
      if (allowed && !allowed.includes(kind)) {
        problems.push(`${descriptor.name}.${member} (${schemaName}): ${kind}, column ${column.dataType}`);
      }
      const outside = `${descriptor.name}.${member}` in NULLABLE_OUTSIDE;
      if (entity && !computed && !column.notNull && !nullable && !outside) {
        problems.push(`${descriptor.name}.${member} (${schemaName}): column nullable, member not`);
      }
    }
  };
  check('entity', descriptor.entity.shape as Record<string, z.ZodType>, true);
  check('create', descriptor.create.shape as Record<string, z.ZodType>, false);
  return problems;
}
