import { BLOG_LINK_SCHEMES } from '@brandloom/contracts';
import InsertLink from '@mui/icons-material/InsertLink';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, ToggleButton } from '@mui/material';
import type { useTiptapEditor } from 'ra-input-rich-text';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/translate';

type Editor = ReturnType<typeof useTiptapEditor>;

/** The link commands the dialog uses (their typings come from the Link extension, which the editor's copy of tiptap does not see). */
interface LinkCommands {
  extendMarkRange(mark: 'link'): LinkCommands;
  setLink(attributes: { href: string }): LinkCommands;
  unsetLink(): LinkCommands;
  insertContent(content: unknown): LinkCommands;
  run(): boolean;
}

/** A link the server keeps: http(s) or mailto, written as a URL ("example.com" reads as https://example.com). */
export function normalizeLink(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : value.includes('@') && !value.includes('/') ? `mailto:${value}` : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!(BLOG_LINK_SCHEMES as readonly string[]).includes(scheme)) return null;
  if (scheme !== 'mailto' && !url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return withScheme;
}

/** 'Add a link': a dialog for the address (checked as it is typed) instead of the browser's prompt; 'Remove link' on a link. */
export function LinkButton({ editor }: { editor: Editor | null }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const t = useT();
  const active = Boolean(editor?.isActive('link'));
  const name = t(active ? 'admin.blog.editLink' : 'admin.blog.addLink');
  const hasSelection = editor ? !editor.state.selection.empty : false;
  const link = normalizeLink(href);
  const chain = () => editor!.chain().focus() as unknown as LinkCommands;

  const openDialog = () => {
    const current = (editor?.getAttributes('link') as { href?: string } | undefined)?.href ?? '';
    setHref(current);
    setText('');
    setTouched(false);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!link || !editor) return;
    if (active || hasSelection) chain().extendMarkRange('link').setLink({ href: link }).run();
    else chain().insertContent({ type: 'text', text: text.trim() || href.trim(), marks: [{ type: 'link', attrs: { href: link } }] }).run();
    setOpen(false);
  };
  const remove = () => {
    chain().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <>
      <ToggleButton value="link" size="small" aria-label={name} title={name} selected={active} disabled={!editor?.isEditable} onClick={openDialog}>
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{name}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            <TextField
              label={t('admin.blog.linkAddress')}
              autoFocus
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setTouched(true);
              }}
              placeholder="https://example.com"
              error={touched && !link}
              helperText={t(touched && !link ? 'admin.blog.linkInvalid' : 'admin.blog.linkHint')}
              fullWidth
            />
            {!active && !hasSelection && (
              <TextField label={t('admin.blog.linkText')} value={text} onChange={(event) => setText(event.target.value)} helperText={t('admin.blog.linkTextHint')} fullWidth />
            )}
          </DialogContent>
          <DialogActions>
            {active && (
              <Button color="error" onClick={remove} sx={{ mr: 'auto' }}>
                {t('admin.blog.removeLink')}
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!link}>
              {t(active ? 'admin.blog.saveLink' : 'admin.blog.insertLink')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
