import { Anchor, Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContractorBill,
  type ContractorBillDecision,
  type ContractorBillStatus,
  OPERATION_ROLES,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { refusalOf } from '../../platform/kit/blocks';
import { StatusReasonDialog } from '../../platform/kit/StatusReasonDialog';
import { notifySaved } from '../../platform/snackbar';

/** The colour of each status of a contractor's bill, as his portal shows them. */
const CONTRACTOR_BILL_COLORS: Readonly<Record<ContractorBillStatus, string>> = {
  SUBMITTED: 'yellow',
  ACCEPTED: 'teal',
  REJECTED: 'red',
};

/**
 * The bills the job's contractor sent from his portal, with their PDF; the job's editors accept one or
 * reject it with a reason he reads. Accepting makes no finance bill (docs/cabinets.md).
 */
export function ContractorBillsBlock({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation('operations');
  const system = useSystemData();
  const client = useQueryClient();
  const canDecide = hasRole(system, OPERATION_ROLES.job.edit);
  const key = ['jobs', jobId, 'contractor-bills'];
  const bills = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ContractorBill[]>(`/tms/jobs/${jobId}/contractor-bills`, { signal }),
  });
  const [rejecting, setRejecting] = useState<ContractorBill | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: ({ bill, decision }: { bill: ContractorBill; decision: ContractorBillDecision }) =>
      api.post<ContractorBill>(`/tms/jobs/${jobId}/contractor-bills/${bill.id}/decision`, decision),
    onSuccess: async (bill) => {
      await client.invalidateQueries({ queryKey: key });
      notifySaved(t(`contractorBills.statuses.${bill.status}`));
      setRejecting(null);
    },
  });
  if (bills.isLoading) return null;
  if (!bills.data?.length)
    return (
      <Text size="sm" c="dimmed" data-testid="job-contractor-bills">
        {t('contractorBills.none')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="job-contractor-bills">
      {decide.error && !rejecting && (
        <Text size="sm" c="red">
          {refusalOf(decide.error).all}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contractorBills.number')}</Table.Th>
              <Table.Th>{t('contractorBills.date')}</Table.Th>
              <Table.Th>{t('contractorBills.amount')}</Table.Th>
              <Table.Th>{t('contractorBills.vat')}</Table.Th>
              <Table.Th>{t('contractorBills.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bills.data.map((bill) => (
              <Table.Tr key={bill.id} data-testid={`contractor-bill-${bill.number}`}>
                <Table.Td>
                  {bill.file ? (
                    <Anchor
                      component="button"
                      size="sm"
                      onClick={() => download(`/file-management/files/${bill.file!.id}/download`)}
                    >
                      {bill.number}
                    </Anchor>
                  ) : (
                    bill.number
                  )}
                </Table.Td>
                <Table.Td>{formatDate(bill.date)}</Table.Td>
                <Table.Td>{formatMoney(bill.amount, bill.currency, i18n.language)}</Table.Td>
                <Table.Td>{formatMoney(bill.vatAmount, bill.currency, i18n.language)}</Table.Td>
                <Table.Td>
                  <Badge color={CONTRACTOR_BILL_COLORS[bill.status]} variant="light">
                    {t(`contractorBills.statuses.${bill.status}`)}
                  </Badge>
                  {bill.rejectReason && (
                    <Text size="xs" c="dimmed">
                      {bill.rejectReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {canDecide && bill.status === 'SUBMITTED' && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="teal.8"
                        leftSection={<IconCheck size={14} />}
                        loading={decide.isPending}
                        onClick={() =>
                          decide.mutate({ bill, decision: { status: 'ACCEPTED', version: bill.version } })
                        }
                        data-testid="contractor-bill-accept"
                      >
                        {t('contractorBills.accept')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconX size={14} />}
                        disabled={decide.isPending}
                        onClick={() => {
                          decide.reset();
                          setReason('');
                          setRejecting(bill);
                        }}
                        data-testid="contractor-bill-reject"
                      >
                        {t('contractorBills.reject')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rejecting && (
        <StatusReasonDialog
          title={t('contractorBills.rejectTitle', { number: rejecting.number })}
          busy={decide.isPending}
          error={decide.error}
          cancelLabel={t('contractorBills.cancel')}
          confirmLabel={t('contractorBills.reject')}
          onClose={() => setRejecting(null)}
          onSubmit={() =>
            decide.mutate({
              bill: rejecting,
              decision: { status: 'REJECTED', version: rejecting.version, reason },
            })
          }
        >
          <Textarea
            label={t('contractorBills.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={refusalOf(decide.error).field('reason')}
            autosize
            minRows={2}
            maxLength={1000}
            required
            data-autofocus
            data-testid="contractor-bill-reason"
          />
        </StatusReasonDialog>
      )}
    </Stack>
  );
}
