import { Anchor } from '@mantine/core';
import type { ListResult } from '@tms/domain';
import type { ResourceTexts } from './texts';
import { isExactTotal, totalText } from './totals';

/**
 * "1–50 of 1 000+" under a list, with "exact count" beside a lower bound or an estimate: counting every match
 * of a large table is slow, so it is done only when asked.
 */
export function PaginationTotal({
  result,
  from,
  to,
  texts,
  onExact,
}: {
  result: ListResult<unknown> | undefined;
  from: number;
  to: number;
  texts: Pick<ResourceTexts, 't' | 'lang'>;
  onExact?: () => void;
}) {
  const total = result ? totalText(result, texts.lang) : '0';
  return (
    <>
      {texts.t('pagination', { from, to, total })}
      {onExact && result && !isExactTotal(result) && (
        <>
          {' · '}
          <Anchor component="button" type="button" size="sm" onClick={onExact} data-testid="exact-total">
            {texts.t('exactTotal')}
          </Anchor>
        </>
      )}
    </>
  );
}
