import { ErrorCollector } from '../../platform/errors';
import type { ResourceContext } from '../../platform/resources';

/**
 * The cargo lines whose TNVED code is not valid (docs/customs.md "TNVED control"), by line: every check the
 * modules contribute (customs: the classifier on the order's declaration date). Operations know no
 * classifier: with no contribution every code passes.
 */
export async function orderTnvedIssues(
  ctx: ResourceContext,
  order: { id: number | null; codes: readonly string[] },
): Promise<{ index: number; message: string }[]> {
  const issues: { index: number; message: string }[] = [];
  for (const check of ctx.registries.contributions('orderTnvedChecks').values()) {
    issues.push(...(await check(ctx, order)));
  }
  return issues.sort((a, b) => a.index - b.index);
}

/** Refuses READY or VERIFIED while a cargo line's code is not valid: 400 under `cargo.tnvedCodes.<line>`. */
export async function assertTnvedCodesValid(
  ctx: ResourceContext,
  order: { id: number; codes: readonly string[] },
): Promise<void> {
  const issues = await orderTnvedIssues(ctx, order);
  if (!issues.length) return;
  const errors = new ErrorCollector();
  for (const issue of issues) errors.add(['cargo', 'tnvedCodes', issue.index], issue.message);
  errors.throwIfAny();
}
