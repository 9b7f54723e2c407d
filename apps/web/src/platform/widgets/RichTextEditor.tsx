import { Skeleton, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditorImpl';

export type { RichTextEditorProps } from './RichTextEditorImpl';

// The editor (tiptap and its styles) is large: it loads with the first screen that edits a rich text.
const Editor = lazy(() => import('./RichTextEditorImpl'));

/** A rich-text editor (spec: announcements, documents); the server sanitizes what it sends. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton h={(props.minHeight ?? 240) + 48} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** A stored rich text shown as such: the server keeps only safe markup (`sanitizeRichText`). */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes every rich text it stores.
    <Typography data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
