import { Text } from '@mantine/core';
import type { FieldDescriptor, HyperRequest, ResourceDescriptor } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../platform/format';
import { HeaderCell, HeaderParties, RecordHeader } from '../../platform/kit/RecordHeader';
import { useReferenceLabels } from '../../platform/resources/references';
import { LotProgress } from './HyperLotProgress';

const PEOPLE = ['serviceOfficeId', 'sellerId', 'forwarderId'] as const;

/**
 * The summary at the top of a saved hyper request, as a request's: the client and office, the tender's
 * number and the day the prices are due, the people, how many lots, and the lots' progress by status.
 */
export function HyperRequestHeader({
  descriptor,
  hyper,
}: {
  descriptor: ResourceDescriptor;
  hyper: HyperRequest;
}) {
  const { t } = useTranslation('hyperRequests');
  const fields = PEOPLE.map((name) => descriptor.fields.find((field) => field.name === name)).filter(
    (field): field is FieldDescriptor => field !== undefined,
  );
  const labels = useReferenceLabels(fields, [hyper]);
  const label = (name: (typeof PEOPLE)[number]) => {
    const field = fields.find((f) => f.name === name);
    const value = hyper[name];
    return field && value !== null && value !== undefined ? labels(field, value) : '';
  };
  return (
    <RecordHeader testId="hyper-request-summary" statuses={<LotProgress counts={hyper.lotStatusCounts} />}>
      <HeaderCell label={t('fields.clientId')} testId="header-client">
        <Text size="sm" fw={600} truncate>
          {hyper.clientName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {label('serviceOfficeId')}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('fields.tenderNumber')} testId="header-tender">
        <Text size="sm" truncate>
          {hyper.tenderNumber || '—'}
        </Text>
        {hyper.deadline && (
          <Text size="xs" c="dimmed">
            {t('fields.deadline')}: {formatDate(hyper.deadline)}
          </Text>
        )}
      </HeaderCell>
      <HeaderCell label={t('header.people')} testId="header-parties">
        <HeaderParties
          entries={[
            [t('fields.sellerId'), label('sellerId')],
            [t('fields.forwarderId'), label('forwarderId')],
          ]}
        />
      </HeaderCell>
      <HeaderCell label={t('fields.lots')} testId="header-lots">
        <Text size="sm">{t('lots.progress', { count: hyper.lots.length })}</Text>
      </HeaderCell>
    </RecordHeader>
  );
}
