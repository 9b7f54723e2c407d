import {
  ActionIcon,
  Button,
  Group,
  Input,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  decimalAdd,
  decimalFixed,
  isDecimal,
  PRINTABLE_BILL_VAT_RATES,
  type PrintableBillLineInput,
  printableBillLineAmount,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../platform/format';
import type { FieldWidgetProps } from '../../platform/resources';
import { DecimalField } from '../../platform/widgets';

type Draft = Partial<PrintableBillLineInput> & { amount?: string };

const NO_VAT = 'none';

/** A line's amount as the server will store it, once quantity and price are numbers. */
const amountOf = (line: Draft): string | null =>
  line.quantity && line.price && isDecimal(line.quantity) && isDecimal(line.price)
    ? printableBillLineAmount({ quantity: line.quantity, price: line.price })
    : null;

/**
 * The service lines of a printable bill: name, quantity, unit, price and VAT rate per row; the amount is
 * quantity × price, and the total under the table is what must equal the bills' sum.
 */
export function PrintableBillLines({ value, onChange, label, error, disabled }: FieldWidgetProps) {
  const { t, i18n } = useTranslation('finance');
  const lines = Array.isArray(value) ? (value as Draft[]) : [];
  const set = (index: number, patch: Draft) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const amounts = lines.map(amountOf);
  const total = amounts.reduce<string>((sum, amount) => (amount ? decimalAdd(sum, amount) : sum), '0');
  const vatChoices = [
    ...PRINTABLE_BILL_VAT_RATES.map((rate) => ({ value: rate, label: `${rate}%` })),
    { value: NO_VAT, label: t('printableBills.line.withoutVat') },
  ];
  return (
    <Input.Wrapper label={label} required error={error} data-testid="printable-bill-lines">
      <Stack gap="xs" mt="xs">
        <Table withTableBorder verticalSpacing={6} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('printableBills.line.name')}</Table.Th>
              <Table.Th w={110}>{t('printableBills.line.quantity')}</Table.Th>
              <Table.Th w={90}>{t('printableBills.line.unit')}</Table.Th>
              <Table.Th w={140}>{t('printableBills.line.price')}</Table.Th>
              <Table.Th w={130}>{t('printableBills.line.vatRate')}</Table.Th>
              <Table.Th w={140} ta="right">
                {t('printableBills.line.amount')}
              </Table.Th>
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; errors address them by index
              <Table.Tr key={index} data-testid={`printable-bill-line-${index}`}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('printableBills.line.name')}
                    disabled={disabled}
                    value={line.name ?? ''}
                    onChange={(e) => set(index, { name: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <DecimalField
                    size="xs"
                    aria-label={t('printableBills.line.quantity')}
                    disabled={disabled}
                    value={line.quantity ?? null}
                    onChange={(quantity) => set(index, { quantity: quantity ?? '' })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('printableBills.line.unit')}
                    disabled={disabled}
                    value={line.unit ?? ''}
                    onChange={(e) => set(index, { unit: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <DecimalField
                    size="xs"
                    aria-label={t('printableBills.line.price')}
                    disabled={disabled}
                    value={line.price ?? null}
                    onChange={(price) => set(index, { price: price ?? '' })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t('printableBills.line.vatRate')}
                    disabled={disabled}
                    data={vatChoices}
                    allowDeselect={false}
                    value={line.vatRate ?? NO_VAT}
                    onChange={(rate) =>
                      set(index, {
                        vatRate: rate === NO_VAT || rate === null ? null : (rate as Draft['vatRate']),
                      })
                    }
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{amounts[index] ? formatDecimal(amounts[index], i18n.language) : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  {!disabled && (
                    <Tooltip label={t('printableBills.line.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('printableBills.line.remove')}
                        onClick={() => onChange(lines.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          {disabled ? (
            <span />
          ) : (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                onChange([...lines, { name: '', quantity: '1', unit: '', price: '', vatRate: '20' }])
              }
              data-testid="printable-bill-line-add"
            >
              {t('printableBills.line.add')}
            </Button>
          )}
          <Text fw={600} data-testid="printable-bill-lines-total">
            {t('printableBills.total')}: {formatDecimal(decimalFixed(total, 2), i18n.language)}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
