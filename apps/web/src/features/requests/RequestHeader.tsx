import { Stack, Text } from '@mantine/core';
import {
  type CustomerRequest,
  type FieldDescriptor,
  REQUEST_QUESTION_STATUS,
  type ResourceDescriptor,
} from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderCell, HeaderParties, RecordHeader } from '../../platform/kit/RecordHeader';
import { useReferenceLabels } from '../../platform/resources/references';
import { RouteSummary } from '../operations/OperationHeader';
import { RequestOrders } from './RequestOrders';

const PEOPLE = [
  'serviceOfficeId',
  'sellerId',
  'substituteId',
  'forwarderId',
  'declarantId',
  'customsSpecialistId',
] as const;

/**
 * The summary at the top of a saved request, as an order's: the client and office, the route's ends with
 * the wanted dates, the people on it (a customs request's declarant and customs specialist too), the
 * orders made from it, and its statuses with the reasons they keep.
 */
export function RequestHeader({
  descriptor,
  request,
  statuses,
}: {
  descriptor: ResourceDescriptor;
  request: CustomerRequest;
  statuses: ReactNode;
}) {
  const { t } = useTranslation('requests');
  const fields = PEOPLE.map((name) => descriptor.fields.find((field) => field.name === name)).filter(
    (field): field is FieldDescriptor => field !== undefined,
  );
  const labels = useReferenceLabels(fields, [request]);
  const label = (name: (typeof PEOPLE)[number]) => {
    const field = fields.find((f) => f.name === name);
    const value = request[name];
    return field && value !== null && value !== undefined ? labels(field, value) : '';
  };
  const reasons = [
    request.statusReason &&
      `${request.status === REQUEST_QUESTION_STATUS ? t('status.question') : t('status.reason')}: ${request.statusReason}`,
    request.customsStatusReason && `${t('customs.waitingFor')}: ${request.customsStatusReason}`,
  ].filter(Boolean);
  return (
    <RecordHeader
      testId="request-header"
      statuses={
        <Stack gap={4}>
          {statuses}
          {reasons.map((reason) => (
            <Text key={reason as string} size="sm" c="dimmed" data-testid="request-status-reason">
              {reason}
            </Text>
          ))}
        </Stack>
      }
    >
      <HeaderCell label={t('fields.clientId')} testId="header-client">
        <Text size="sm" fw={600} truncate>
          {request.clientName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {label('serviceOfficeId')}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('fields.route')} testId="header-route">
        <RouteSummary route={request.route} />
      </HeaderCell>
      <HeaderCell label={t('header.people')} testId="header-parties">
        <HeaderParties
          entries={[
            [t('fields.sellerId'), label('sellerId')],
            [t('fields.substituteId'), label('substituteId')],
            [t('fields.forwarderId'), label('forwarderId')],
            // The auto-assignment rules that chose them (docs/assignment.md).
            [t('fields.assignmentRuleName'), request.assignmentRuleName ?? ''],
            ...(request.customs
              ? ([
                  [t('fields.declarantId'), label('declarantId')],
                  [t('fields.customsSpecialistId'), label('customsSpecialistId')],
                  [t('fields.customsAssignmentRuleName'), request.customsAssignmentRuleName ?? ''],
                ] as [string, string][])
              : []),
          ]}
        />
      </HeaderCell>
      <HeaderCell label={t('orders.title')} testId="header-orders">
        <RequestOrders request={request} />
      </HeaderCell>
    </RecordHeader>
  );
}
