import { Input, Select, Stack, Text, TextInput } from '@mantine/core';
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
import { RowsEditor, type RowsEditorColumn } from '../../platform/kit/RowsEditor';
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
  const amounts = lines.map(amountOf);
  const total = amounts.reduce<string>((sum, amount) => (amount ? decimalAdd(sum, amount) : sum), '0');
  const vatChoices = [
    ...PRINTABLE_BILL_VAT_RATES.map((rate) => ({ value: rate, label: `${rate}%` })),
    { value: NO_VAT, label: t('printableBills.line.withoutVat') },
  ];
  const columns: RowsEditorColumn<Draft>[] = [
    {
      header: t('printableBills.line.name'),
      cell: (row, set) => (
        <TextInput
          size="xs"
          aria-label={t('printableBills.line.name')}
          disabled={disabled}
          value={row.name ?? ''}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
      ),
    },
    {
      header: t('printableBills.line.quantity'),
      width: 110,
      cell: (row, set) => (
        <DecimalField
          size="xs"
          aria-label={t('printableBills.line.quantity')}
          disabled={disabled}
          value={row.quantity ?? null}
          onChange={(quantity) => set({ quantity: quantity ?? '' })}
        />
      ),
    },
    {
      header: t('printableBills.line.unit'),
      width: 90,
      cell: (row, set) => (
        <TextInput
          size="xs"
          aria-label={t('printableBills.line.unit')}
          disabled={disabled}
          value={row.unit ?? ''}
          onChange={(e) => set({ unit: e.currentTarget.value })}
        />
      ),
    },
    {
      header: t('printableBills.line.price'),
      width: 140,
      cell: (row, set) => (
        <DecimalField
          size="xs"
          aria-label={t('printableBills.line.price')}
          disabled={disabled}
          value={row.price ?? null}
          onChange={(price) => set({ price: price ?? '' })}
        />
      ),
    },
    {
      header: t('printableBills.line.vatRate'),
      width: 130,
      cell: (row, set) => (
        <Select
          size="xs"
          aria-label={t('printableBills.line.vatRate')}
          disabled={disabled}
          data={vatChoices}
          allowDeselect={false}
          value={row.vatRate ?? NO_VAT}
          onChange={(rate) =>
            set({ vatRate: rate === NO_VAT || rate === null ? null : (rate as Draft['vatRate']) })
          }
        />
      ),
    },
    {
      header: t('printableBills.line.amount'),
      width: 140,
      align: 'right',
      cell: (_row, _set, index) => (
        <Text size="sm">{amounts[index] ? formatDecimal(amounts[index], i18n.language) : '—'}</Text>
      ),
    },
  ];
  return (
    <Input.Wrapper label={label} required error={error} data-testid="printable-bill-lines">
      <Stack gap="xs" mt="xs">
        <RowsEditor
          rows={lines}
          onChange={onChange}
          columns={columns}
          newRow={(): Draft => ({ name: '', quantity: '1', unit: '', price: '', vatRate: '20' })}
          addLabel={t('printableBills.line.add')}
          removeLabel={t('printableBills.line.remove')}
          testId="printable-bill-line"
          disabled={disabled}
          footer={
            <Text fw={600} data-testid="printable-bill-lines-total">
              {t('printableBills.total')}: {formatDecimal(decimalFixed(total, 2), i18n.language)}
            </Text>
          }
        />
      </Stack>
    </Input.Wrapper>
  );
}
