import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type TripAssignment, tripAssignmentText } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';

/** A job's driver and vehicle, as its carrier put them on it in his cabinet. */
export function TripAssignmentBlock({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation('operations');
  const assignment = useQuery({
    queryKey: ['jobs', jobId, 'trip-assignment'],
    queryFn: ({ signal }) => api.get<TripAssignment>(`/tms/jobs/${jobId}/trip-assignment`, { signal }),
  });
  if (assignment.isLoading) return null;
  const a = assignment.data;
  if (!a)
    return (
      <Text size="sm" c="dimmed" data-testid="job-trip-assignment">
        {t('tripAssignment.none')}
      </Text>
    );
  return (
    <div data-testid="job-trip-assignment">
      <Text size="sm">{tripAssignmentText(a, i18n.language)}</Text>
      <Text size="xs" c="dimmed">
        {t('tripAssignment.by', { when: formatDateTime(a.updatedAt) })}
      </Text>
    </div>
  );
}
