import {
  decimalCompare,
  insurancePolicyResource,
  INSURANCE_MESSAGES as M,
  RESOURCE_MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { conflict, ErrorCollector } from '../../platform/errors';
import { type ResourceService, resourceService } from '../../platform/resources';
import { counterparties } from '../counterparties';
import { insuranceCertificates, insurancePolicies } from './tables';

type PolicyRow = typeof insurancePolicies.$inferSelect;

/** The insurer's name, kept with the policy (the reference was checked to exist). */
async function insurerName(tx: Tx, insurerId: number): Promise<string> {
  const [insurer] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.id, insurerId));
  return insurer?.name ?? '';
}

/** The rate lies within the policy's range, the range is a range, the term ends after it starts. */
function checkPolicy(values: {
  rate: string;
  minRate: string;
  maxRate: string;
  validFrom: string;
  validUntil: string;
}) {
  const errors = new ErrorCollector();
  if (decimalCompare(values.minRate, values.maxRate) > 0) errors.add(['minRate'], M.rateRange);
  else if (decimalCompare(values.rate, values.minRate) < 0 || decimalCompare(values.rate, values.maxRate) > 0)
    errors.add(['rate'], M.rateOutOfRange);
  if (values.validUntil < values.validFrom) errors.add(['validUntil'], M.policyPeriod);
  errors.throwIfAny();
}

/** Open covers: a kernel resource with its own checks; one certificates were issued under stays. */
export const policyService: ResourceService<PolicyRow> = resourceService(
  insurancePolicyResource,
  insurancePolicies,
  {
    hooks: {
      async beforeCreate(ctx, values) {
        checkPolicy(values);
        return { ...values, insurerName: await insurerName(ctx.tx, values.insurerId) };
      },
      async beforeUpdate(ctx, values, existing) {
        checkPolicy({ ...existing, ...values });
        if (values.insurerId === undefined || values.insurerId === existing.insurerId) return values;
        return { ...values, insurerName: await insurerName(ctx.tx, values.insurerId) };
      },
      async beforeDelete(ctx, row) {
        const [used] = await ctx.tx
          .select({ id: insuranceCertificates.id })
          .from(insuranceCertificates)
          .where(eq(insuranceCertificates.policyId, row.id))
          .limit(1);
        if (used) throw conflict(RESOURCE_MESSAGES.inUse);
      },
    },
  },
);
