import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, DatePickerInput, MonthPicker, MonthPickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { type ChangeEvent, type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../auth/system';
import {
  DATE_MASK,
  type DateMode,
  isoToMasked,
  MONTH_MASK,
  maskDate,
  parseMaskedDate,
} from '../format/parse';

export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** ISO date `YYYY-MM-DD` (month mode: the first of the month), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** `month` shows and accepts MM.yyyy. */
  mode?: DateMode;
}

/**
 * The one date input of the product (spec §5): typed as DD.MM.YYYY through a mask, or picked from a
 * calendar whose weeks start on Monday. A user with the `nextUi` flag gets the newer picker field.
 */
export function DateInput({ value, onChange, mode = 'date', error, ...props }: DateInputProps) {
  const { data: system } = useSystem();
  return system?.user.nextUi ? (
    <NextDateInput value={value} onChange={onChange} mode={mode} error={error} {...props} />
  ) : (
    <MaskedDateInput value={value} onChange={onChange} mode={mode} error={error} {...props} />
  );
}

function MaskedDateInput({ value, onChange, mode = 'date', error, onBlur, ...props }: DateInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToMasked(value, mode));
  const [invalid, setInvalid] = useState(false);
  const [opened, { close, toggle }] = useDisclosure(false);

  useEffect(() => {
    // An outside change of the value (form reset, picker) replaces what is typed, unless they agree.
    setText((current) =>
      parseMaskedDate(current, mode).value === value ? current : isoToMasked(value, mode),
    );
  }, [value, mode]);

  const commit = (next: string) => {
    const parsed = parseMaskedDate(next, mode);
    setInvalid(parsed.error !== null);
    // A half-typed or impossible date keeps the value it replaces: an edit never clears a date by accident.
    if (parsed.error === null && parsed.value !== value) onChange(parsed.value);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const masked = maskDate(event.currentTarget.value, mode);
    setText(masked);
    if (masked.length === (mode === 'date' ? DATE_MASK : MONTH_MASK).length || masked === '') commit(masked);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    commit(text);
    onBlur?.(event);
  };

  const pick = (picked: string | null) => {
    close();
    setInvalid(false);
    setText(isoToMasked(picked, mode));
    onChange(picked);
  };

  const Picker = mode === 'month' ? MonthPicker : DatePicker;
  return (
    <TextInput
      {...props}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder={mode === 'date' ? DATE_MASK : MONTH_MASK}
      onChange={handleChange}
      onBlur={handleBlur}
      error={error ?? (invalid ? t('common:date.invalidDate') : undefined)}
      rightSection={
        <Popover
          opened={opened}
          onChange={(next) => !next && close()}
          position="bottom-end"
          shadow="md"
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={toggle}
              aria-label={t('common:date.openCalendar')}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Picker value={value} onChange={pick} firstDayOfWeek={1} />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

function NextDateInput({
  value,
  onChange,
  mode = 'date',
  error,
  label,
  description,
  required,
  disabled,
  id,
  name,
}: DateInputProps) {
  const common = {
    label,
    description,
    required,
    disabled,
    id,
    name,
    error,
    clearable: true,
    firstDayOfWeek: 1 as const,
  };
  return mode === 'month' ? (
    <MonthPickerInput {...common} value={value} onChange={onChange} valueFormat="MM.YYYY" />
  ) : (
    <DatePickerInput {...common} value={value} onChange={onChange} valueFormat="DD.MM.YYYY" />
  );
}
