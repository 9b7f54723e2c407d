import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor as Mantine, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const LABEL_KEYS = [
  'boldControlLabel',
  'italicControlLabel',
  'underlineControlLabel',
  'strikeControlLabel',
  'clearFormattingControlLabel',
  'h2ControlLabel',
  'h3ControlLabel',
  'bulletListControlLabel',
  'orderedListControlLabel',
  'blockquoteControlLabel',
  'codeControlLabel',
  'hrControlLabel',
  'linkControlLabel',
  'unlinkControlLabel',
  'linkEditorInputLabel',
  'linkEditorInputPlaceholder',
  'linkEditorExternalLink',
  'linkEditorInternalLink',
  'linkEditorSave',
  'undoControlLabel',
  'redoControlLabel',
] as const;

interface Props {
  value: string;
  onChange: (html: string) => void;
  minHeight: number;
  invalid: boolean;
  'data-testid'?: string;
}

export default function RichTextEditorImpl({ value, onChange, minHeight, invalid, ...rest }: Props) {
  const { t } = useTranslation('richText');
  const labels = useMemo(
    () => Object.fromEntries(LABEL_KEYS.map((key) => [key, t(key)])) as Partial<RichTextEditorLabels>,
    [t],
  );
  const editor = useEditor({
    // StarterKit's own link is replaced by Mantine's (its toolbar's link editor works with it).
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value set from outside (a reset, a loaded record) replaces the text; typing does not come back here.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Mantine
      editor={editor}
      labels={labels}
      data-testid={rest['data-testid']}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Mantine.Toolbar sticky stickyOffset={56}>
        <Mantine.ControlsGroup>
          <Mantine.Bold />
          <Mantine.Italic />
          <Mantine.Underline />
          <Mantine.Strikethrough />
          <Mantine.ClearFormatting />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.H2 />
          <Mantine.H3 />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.BulletList />
          <Mantine.OrderedList />
          <Mantine.Blockquote />
          <Mantine.Code />
          <Mantine.Hr />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.Link />
          <Mantine.Unlink />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.Undo />
          <Mantine.Redo />
        </Mantine.ControlsGroup>
      </Mantine.Toolbar>
      <Mantine.Content mih={minHeight} />
    </Mantine>
  );
}
