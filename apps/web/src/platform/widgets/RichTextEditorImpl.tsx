import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  /** The HTML; empty text for an empty editor. */
  value: string;
  onChange: (html: string) => void;
  label?: string;
  error?: string;
  required?: boolean;
  /** The height of the writing area in pixels. */
  minHeight?: number;
  testId?: string;
}

const CONTROLS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'clearFormatting',
  'h2',
  'h3',
  'bulletList',
  'orderedList',
  'blockquote',
  'hr',
  'link',
  'unlink',
  'undo',
  'redo',
] as const;

/** The editor itself (Mantine tiptap with the starter kit); loaded with the first screen that edits a rich text. */
export default function RichTextEditorImpl({
  value,
  onChange,
  label,
  error,
  required,
  minHeight = 240,
  testId,
}: RichTextEditorProps) {
  const { t } = useTranslation('common');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value set from outside (a form reset, a loaded record) replaces the content; typing does not loop.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const labels = useMemo(
    () =>
      Object.fromEntries(
        [...CONTROLS.map((name) => `${name}ControlLabel`), 'linkEditorInputLabel', 'linkEditorSave'].map(
          (key) => [key, t(`richText.${key}`)],
        ),
      ),
    [t],
  );
  return (
    <Input.Wrapper label={label} error={error} required={required} data-testid={testId}>
      <MantineEditor editor={editor} labels={labels} mt={label ? 4 : 0}>
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
            <MantineEditor.Hr />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content mih={minHeight} aria-label={label} />
      </MantineEditor>
    </Input.Wrapper>
  );
}
