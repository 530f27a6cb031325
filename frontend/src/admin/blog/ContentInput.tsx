import { BLOG_LINK_SCHEMES } from '@brandloom/contracts';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { ClearButtons, DefaultEditorOptions, RichTextInput, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { useEffect, useMemo, useState } from 'react';
import { required } from 'react-admin';
import { useT, type MessageKey } from '../../lib/i18n/translate';
import { LinkButton } from './LinkButton';

/**
 * The editor knows the product's tags only (h1 to h3, p, strong, em, ul, ol, li, br, a with http, https
 * or mailto), so what the admin sees is what the server keeps after sanitizing.
 */
// ra-input-rich-text's own StarterKit (its default list's first extension), configured: one copy of tiptap.
const starterKit = DefaultEditorOptions.extensions!.find((extension) => extension.name === 'starterKit')!;

const BLOG_EXTENSIONS = [
    starterKit.configure({
      heading: { levels: [1, 2, 3] },
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: { openOnClick: false, protocols: [...BLOG_LINK_SCHEMES], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null } },
    }),
];

/** The editor's options, its text box named `label`. */
const blogEditorOptions = (label: string) => ({
  editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
  extensions: BLOG_EXTENSIONS,
});

const BLOCKS: readonly { value: 'p' | '1' | '2' | '3'; label: MessageKey }[] = [
  { value: 'p', label: 'admin.blog.paragraph' },
  { value: '1', label: 'admin.blog.heading' },
  { value: '2', label: 'admin.blog.heading' },
  { value: '3', label: 'admin.blog.heading' },
];

/** The commands the toolbar uses (their typings come from the extensions, which the editor's copy of tiptap does not see). */
interface BlogCommands {
  setParagraph(): BlogCommands;
  setHeading(attributes: { level: 1 | 2 | 3 }): BlogCommands;
  toggleBold(): BlogCommands;
  toggleItalic(): BlogCommands;
  toggleBulletList(): BlogCommands;
  toggleOrderedList(): BlogCommands;
  run(): boolean;
}

/** Re-renders on every editor change, so the buttons show what is active at the cursor. */
function useEditorTick() {
  const editor = useTiptapEditor();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!editor) return;
    const tick = () => setTick((n) => n + 1);
    editor.on('transaction', tick);
    return () => void editor.off('transaction', tick);
  }, [editor]);
  return editor;
}

function BlogToolbar() {
  const editor = useEditorTick();
  const t = useT();
  const block = editor ? (BLOCKS.find((b) => b.value !== 'p' && editor.isActive('heading', { level: Number(b.value) }))?.value ?? 'p') : 'p';
  const chain = () => editor!.chain().focus() as unknown as BlogCommands;
  return (
    <RichTextInputToolbar size="small">
      <ToggleButtonGroup size="small" exclusive value={block} aria-label={t('admin.blog.textStyle')} disabled={!editor?.isEditable}>
        {BLOCKS.map((b) => ({ ...b, label: t(b.label, { level: b.value }) })).map((b) => (
          <ToggleButton
            key={b.value}
            value={b.value}
            // Headings are named by their visible 'H1' to 'H3' (the title spells them out); the paragraph mark by its label.
            aria-label={b.value === 'p' ? b.label : undefined}
            title={b.label}
            onClick={() => (b.value === 'p' ? chain().setParagraph().run() : chain().setHeading({ level: Number(b.value) as 1 | 2 | 3 }).run())}
          >
            {b.value === 'p' ? '¶' : `H${b.value}`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small" aria-label={t('admin.blog.emphasis')} disabled={!editor?.isEditable}>
        <ToggleButton value="bold" aria-label={t('admin.blog.bold')} title={t('admin.blog.bold')} selected={Boolean(editor?.isActive('bold'))} onClick={() => chain().toggleBold().run()}>
          <FormatBold fontSize="inherit" />
        </ToggleButton>
        <ToggleButton value="italic" aria-label={t('admin.blog.italic')} title={t('admin.blog.italic')} selected={Boolean(editor?.isActive('italic'))} onClick={() => chain().toggleItalic().run()}>
          <FormatItalic fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small" aria-label={t('admin.blog.lists')} disabled={!editor?.isEditable}>
        <ToggleButton value="bulletList" aria-label={t('admin.blog.bulletedList')} title={t('admin.blog.bulletedList')} selected={Boolean(editor?.isActive('bulletList'))} onClick={() => chain().toggleBulletList().run()}>
          <FormatListBulleted fontSize="inherit" />
        </ToggleButton>
        <ToggleButton value="orderedList" aria-label={t('admin.blog.numberedList')} title={t('admin.blog.numberedList')} selected={Boolean(editor?.isActive('orderedList'))} onClick={() => chain().toggleOrderedList().run()}>
          <FormatListNumbered fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <LinkButton editor={editor ?? null} />
      <ClearButtons size="small" />
    </RichTextInputToolbar>
  );
}

export function ContentInput() {
  const t = useT();
  const label = t('admin.blog.content');
  const options = useMemo(() => blogEditorOptions(label), [label]);
  return <RichTextInput source="content" label={label} fullWidth editorOptions={options} toolbar={<BlogToolbar />} validate={required(t('admin.blog.contentRequired'))} />;
}
