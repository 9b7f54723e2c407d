import {
  type DataImportColumn,
  type DataImportTarget,
  dataImportDescriptionResource,
  DATA_IMPORT_MESSAGES as M,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { conflict, ErrorCollector } from '../../platform/errors';
import { type CreateInput, type ResourceContext, resourceService } from '../../platform/resources';
import { dataImportDescriptions, dataImportRuns } from './tables';
import { targetFields } from './targets';

type DescriptionRow = typeof dataImportDescriptions.$inferSelect;
type DescriptionInput = CreateInput<typeof dataImportDescriptionResource>;

interface Shape {
  target: DataImportTarget;
  resource?: string | null;
  mode: string;
  matchKey?: string | null;
  columns: readonly DataImportColumn[];
}

/**
 * A description checked as a whole: its target (and resource) exists, every column names a field the target
 * takes once, a lookup only on a reference and only as its records allow, the match key among the mapped
 * fields (and one is needed to update).
 */
function checkShape(ctx: ResourceContext, shape: Shape) {
  const errors = new ErrorCollector();
  if (shape.target === 'resource' && !shape.resource) errors.add(['resource'], M.resourceRequired);
  const fields = targetFields(ctx.registries, shape.target, shape.resource);
  if (!fields) {
    if (shape.target === 'resource' && shape.resource) errors.add(['resource'], M.unknownResource);
    errors.throwIfAny();
    return;
  }
  const byName = new Map(fields.map((field) => [field.name, field]));
  if (shape.columns.length === 0) errors.add(['columns'], M.noColumns);
  const seen = new Set<string>();
  shape.columns.forEach((column, i) => {
    const field = byName.get(column.field);
    if (!field) errors.add(['columns', i, 'field'], M.unknownField);
    else if (seen.has(column.field)) errors.add(['columns', i, 'field'], M.duplicateField);
    else if (column.lookup && field.lookups.length === 0)
      errors.add(['columns', i, 'lookup'], M.lookupNotReference);
    else if (column.lookup && !field.lookups.includes(column.lookup))
      errors.add(['columns', i, 'lookup'], M.lookupUnavailable);
    seen.add(column.field);
  });
  if (shape.matchKey && !seen.has(shape.matchKey)) errors.add(['matchKey'], M.matchKeyUnmapped);
  if (!shape.matchKey && shape.mode !== 'insert' && shape.target !== 'orderCargo')
    errors.add(['matchKey'], M.matchKeyRequired);
  errors.throwIfAny();
}

/** Import descriptions: a resource of the kernel, each checked whole on every save; kept once a file ran. */
export const descriptionService = resourceService(dataImportDescriptionResource, dataImportDescriptions, {
  hooks: {
    beforeCreate(ctx, values: DescriptionInput) {
      checkShape(ctx, values as Shape);
      return undefined;
    },
    beforeUpdate(ctx, values, existing: DescriptionRow) {
      checkShape(ctx, {
        target: (values.target ?? existing.target) as DataImportTarget,
        resource: values.resource === undefined ? existing.resource : values.resource,
        mode: values.mode ?? existing.mode,
        matchKey: values.matchKey === undefined ? existing.matchKey : values.matchKey,
        columns: values.columns ?? existing.columns,
      });
      return undefined;
    },
    async beforeDelete(ctx, row) {
      const [run] = await ctx.tx
        .select({ id: dataImportRuns.id })
        .from(dataImportRuns)
        .where(eq(dataImportRuns.descriptionId, row.id))
        .limit(1);
      if (run) throw conflict(M.inUse);
    },
  },
});
