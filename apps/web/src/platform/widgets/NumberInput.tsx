import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalText, formatDecimal } from '../format';
import { cleanPastedText, parseDecimal } from '../format/parse';

export interface DecimalFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Plain decimal text ("1500000.5"), text typed that is not a number, or null when blank. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Two plain decimals say the same number: "12.50" is "12.5", "7.0" is "7". */
const sameDecimal = (a: string | null, b: string | null) => {
  const canonical = (value: string | null) => value?.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') ?? null;
  return canonical(a) === canonical(b);
};

/**
 * A decimal shown and typed the way the interface's language writes numbers ("1 500 000,5" in Russian,
 * "1,500,000.5" in English), held as plain decimal text. While the field has the focus the text stays as
 * typed; leaving it writes the number out the same way a saved value comes back, so a number never changes
 * its look at the save. Text that is not a number is passed on as typed, for the form to point at.
 */
export function DecimalField({ value, onChange, onBlur, ...props }: DecimalFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => formatDecimal(value, language));
  const shownIn = useRef(language);
  // A value from outside (a saved record, a unit switch, another language) replaces the text unless the
  // text already says that number in the same language.
  useEffect(() => {
    const relanguaged = shownIn.current !== language;
    shownIn.current = language;
    setText((current) =>
      !relanguaged && (current === value || sameDecimal(parseDecimal(current, language), value))
        ? current
        : formatDecimal(value, language),
    );
  }, [value, language]);
  const update = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? null : (parseDecimal(next, language) ?? next));
  };
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={text}
      onChange={(event: ChangeEvent<HTMLInputElement>) => update(event.currentTarget.value)}
      onBlur={(event) => {
        const parsed = parseDecimal(text, language);
        if (parsed !== null) setText(formatDecimal(parsed, language));
        onBlur?.(event);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        event.preventDefault();
        update(cleanPastedText(event.clipboardData.getData('text'), 'paste-no-spaces'));
      }}
    />
  );
}

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/** A number field (`DecimalField` holding a number): text that is not a number leaves the value empty. */
export function NumberField({ value, onChange, ...props }: NumberFieldProps) {
  return (
    <DecimalField
      {...props}
      value={value === null || !Number.isFinite(value) ? null : decimalText(value)}
      onChange={(next) => {
        const number = next === null ? null : Number(next);
        onChange(number === null || Number.isNaN(number) || !/\d/.test(next ?? '') ? null : number);
      }}
    />
  );
}

/**
 * Paste handler for any text input: the pasted text is trimmed, or loses all whitespace in the input
 * whose id is `paste-no-spaces` (spec §5). Inserts at the caret like a normal paste.
 */
export function handlePaste(
  event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>,
  onValue: (value: string) => void,
) {
  const target = event.currentTarget;
  const pasted = cleanPastedText(event.clipboardData.getData('text'), target.id);
  event.preventDefault();
  const start = target.selectionStart ?? target.value.length;
  const end = target.selectionEnd ?? target.value.length;
  onValue(`${target.value.slice(0, start)}${pasted}${target.value.slice(end)}`);
}

/** A text input with the product's paste rules. */
export function PasteInput({
  onValueChange,
  ...props
}: TextInputProps & { onValueChange: (value: string) => void }) {
  return (
    <TextInput
      {...props}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      onPaste={(event) => handlePaste(event, onValueChange)}
    />
  );
}
