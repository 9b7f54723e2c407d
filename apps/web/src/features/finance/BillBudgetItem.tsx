import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billResource, budgetItemResource } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api } from '../../platform/api/client';
import { translateServerMessage } from '../../platform/i18n';
import { resourceKey } from '../../platform/resources/keys';
import type { Row } from '../../platform/resources/logic';
import { notifySaved } from '../../platform/snackbar';
import { fieldErrorsOf, LazySelect } from '../../platform/widgets';

/**
 * "Budget change" (ROLE_BILL_BUDGET_CHANGE) of a saved bill: its budget item alone, also on a bill that
 * payments or a printable bill keep from other changes (the server refuses an item that takes no paid bills).
 */
export function BillBudgetItem({ bill }: { bill: Row }) {
  const { t } = useTranslation('finance');
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [itemId, setItemId] = useState<number | null>((bill.budgetItemId as number | null) ?? null);
  const save = useMutation({
    mutationFn: () =>
      api.put<Row>(`/finances/bills/${bill.id}/budget-item`, { budgetItemId: itemId, version: bill.version }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: resourceKey(billResource) });
      setOpened(false);
      notifySaved(t('billBudget.saved'));
    },
  });
  const error = save.error as ApiError | null;
  const itemErrors = fieldErrorsOf(error?.errors).budgetItemId ?? [];
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconReportMoney size={16} />}
        onClick={() => {
          setItemId((bill.budgetItemId as number | null) ?? null);
          save.reset();
          setOpened(true);
        }}
        data-testid="bill-budget-change"
      >
        {t('billBudget.change')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('billBudget.title')}>
        <Stack gap="sm">
          <LazySelect
            url={budgetItemResource.path}
            labelField="name"
            label={t('billBudget.item')}
            value={itemId}
            onChange={(value) => setItemId(value === null ? null : Number(value))}
            error={itemErrors.map((message) => translateServerMessage(message)).join(' ') || undefined}
            toggle
          />
          {error && !itemErrors.length && <Alert color="red">{translateServerMessage(error.message)}</Alert>}
          <Group justify="flex-end">
            <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="bill-budget-save">
              {t('billBudget.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
