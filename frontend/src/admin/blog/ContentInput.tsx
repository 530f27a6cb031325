import { BLOG_LINK_SCHEMES, BLOG_MESSAGES } from '@brandloom/contracts';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { ClearButtons, DefaultEditorOptions, RichTextInput, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { useEffect, useState } from 'react';
import { required } from 'react-admin';
import { LinkButton } from './LinkButton';

/**
 * The editor knows the product's tags only (h1 to h3, p, strong, em, ul, ol, li, br, a with http, https
 * or mailto), so what the admin sees is what the server keeps after sanitizing.
 */
// ra-input-rich-text's own StarterKit (its default list's first extension), configured: one copy of tiptap.
const starterKit = DefaultEditorOptions.extensions!.find((extension) => extension.name === 'starterKit')!;

export const BLOG_EDITOR_OPTIONS = {
  editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Content' } },
  extensions: [
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
  ],
};

const BLOCKS = [
  { value: 'p', label: 'Paragraph' },
  { value: '1', label: 'Heading 1' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
] as const;

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
  const block = editor ? (BLOCKS.find((b) => b.value !== 'p' && editor.isActive('heading', { level: Number(b.value) }))?.value ?? 'p') : 'p';
  const chain = () => editor!.chain().focus() as unknown as BlogCommands;
  return (
    <RichTextInputToolbar size="small">
      <ToggleButtonGroup size="small" exclusive value={block} aria-label="Text style" disabled={!editor?.isEditable}>
        {BLOCKS.map((b) => (
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
      <ToggleButtonGroup size="small" aria-label="Emphasis" disabled={!editor?.isEditable}>
        <ToggleButton value="bold" aria-label="Bold" title="Bold" selected={Boolean(editor?.isActive('bold'))} onClick={() => chain().toggleBold().run()}>
          <FormatBold fontSize="inherit" />
        </ToggleButton>
        <ToggleButton value="italic" aria-label="Italic" title="Italic" selected={Boolean(editor?.isActive('italic'))} onClick={() => chain().toggleItalic().run()}>
          <FormatItalic fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small" aria-label="Lists" disabled={!editor?.isEditable}>
        <ToggleButton value="bulletList" aria-label="Bulleted list" title="Bulleted list" selected={Boolean(editor?.isActive('bulletList'))} onClick={() => chain().toggleBulletList().run()}>
          <FormatListBulleted fontSize="inherit" />
        </ToggleButton>
        <ToggleButton value="orderedList" aria-label="Numbered list" title="Numbered list" selected={Boolean(editor?.isActive('orderedList'))} onClick={() => chain().toggleOrderedList().run()}>
          <FormatListNumbered fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <LinkButton editor={editor ?? null} />
      <ClearButtons size="small" />
    </RichTextInputToolbar>
  );
}

export function ContentInput() {
  return <RichTextInput source="content" label="Content" fullWidth editorOptions={BLOG_EDITOR_OPTIONS} toolbar={<BlogToolbar />} validate={required(BLOG_MESSAGES.contentRequired)} />;
}
