import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  label?: string;
  /** A translated error under the editor. */
  error?: string;
  required?: boolean;
  /** The editor's minimal height in pixels. */
  minHeight?: number;
  'data-testid'?: string;
}

// The editor (tiptap and its toolbar) loads with the first screen that shows one, never with the shell.
const Editor = lazy(async () => {
  const [module, { i18next }] = await Promise.all([import('./RichTextEditorImpl'), import('../i18n')]);
  await i18next.loadNamespaces(['richText']);
  return module;
});

/** Rich text input (Mantine tiptap): marks, headings, lists, quotes, code and links. The server sanitizes. */
export function RichTextEditor({ label, error, required, minHeight = 160, ...props }: RichTextEditorProps) {
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Suspense fallback={<Skeleton h={minHeight + 44} radius="sm" />}>
        <Editor {...props} minHeight={minHeight} invalid={!!error} />
      </Suspense>
    </Input.Wrapper>
  );
}
