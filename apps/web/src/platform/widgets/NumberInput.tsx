import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type ClipboardEvent, useEffect, useState } from 'react';
import { cleanPastedText, parseNumber } from '../format/parse';

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/**
 * A number typed the way people here write it: "1 234,5" is 1234.5 (spaces removed, comma as the point).
 * Text that is not a number leaves the value empty.
 */
export function NumberField({ value, onChange, ...props }: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (parseNumber(current) === value ? current : value === null ? '' : String(value)));
  }, [value]);
  const update = (next: string) => {
    setText(next);
    onChange(parseNumber(next));
  };
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={text}
      onChange={(event: ChangeEvent<HTMLInputElement>) => update(event.currentTarget.value)}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        event.preventDefault();
        update(cleanPastedText(event.clipboardData.getData('text'), 'paste-no-spaces'));
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
