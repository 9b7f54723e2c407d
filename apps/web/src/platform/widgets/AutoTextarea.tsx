import { Textarea, type TextareaProps } from '@mantine/core';

/** The product's textarea: three rows to begin with, growing with its text. */
export function AutoTextarea(props: TextareaProps) {
  return <Textarea autosize minRows={3} {...props} />;
}
