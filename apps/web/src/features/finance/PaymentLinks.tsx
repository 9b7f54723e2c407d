import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../../platform/resources/widgets';
import { LazySelect } from '../../platform/widgets';

interface Link {
  billId: number | null;
  amount: string;
  billNumber?: string;
  billBalance?: string;
}

/**
 * A payment's links (its `links` field): each row a bill (of the bills the user reads, labelled by number,
 * its open balance shown) and the part of the payment paying it. The server holds the rules (currency,
 * direction, balance) and answers each refusal under its row.
 */
export function PaymentLinks({ value, onChange, onBlur, label, error, disabled }: FieldWidgetProps) {
  const { t } = useTranslation('finance');
  const links = (Array.isArray(value) ? value : []) as Link[];
  const set = (next: Link[]) => {
    onChange(next);
    onBlur();
  };
  const change = (index: number, patch: Partial<Link>) =>
    set(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <Stack gap="xs" data-testid="payment-links">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('payments.unlinked')}
        </Text>
      )}
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before their bill is chosen
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <LazySelect
            url="/finances/bills"
            labelField="number"
            label={t('payments.bill')}
            value={link.billId}
            disabled={disabled}
            onChange={(billId, row) =>
              change(index, {
                billId: billId as number | null,
                billNumber: row ? String(row.number) : undefined,
                billBalance: row ? String(row.balance) : undefined,
                amount: link.amount || (row ? String(row.balance) : ''),
              })
            }
            optionDisabled={(row) => (row.balance === '0.00' ? t('payments.billPaid') : false)}
            id={`payment-link-bill-${index}`}
          />
          <TextInput
            label={t('payments.linkAmount')}
            value={link.amount ?? ''}
            disabled={disabled}
            onChange={(event) =>
              change(index, { amount: event.currentTarget.value.replace(',', '.').trim() })
            }
            data-testid={`payment-link-amount-${index}`}
            w={160}
          />
          {link.billBalance !== undefined && (
            <Text size="xs" c="dimmed" pb={8}>
              {t('payments.billBalance', { balance: link.billBalance })}
            </Text>
          )}
          {!disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('payments.removeLink')}
              onClick={() => set(links.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {!disabled && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => set([...links, { billId: null, amount: '' }])}
          data-testid="payment-link-add"
        >
          {t('payments.addLink')}
        </Button>
      )}
    </Stack>
  );
}
