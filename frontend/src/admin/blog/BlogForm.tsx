import { BLOG_LIMITS, BLOG_MESSAGES } from '@brandloom/contracts';
import { BooleanInput, DeleteButton, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useRedirect } from 'react-admin';
import { ContentInput } from './ContentInput';
import { FeaturedImageInput } from './FeaturedImageInput';
import { SlugInput } from './SlugInput';
import { useBlogNotify } from './useBlogNotify';

function FormToolbar({ canDelete }: { canDelete: boolean }) {
  const { deleted, deleteFailed } = useBlogNotify();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {/* Always enabled: saving an untouched new post shows what is required. */}
      <SaveButton alwaysEnable />
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="Delete blog post"
          confirmContent={BLOG_MESSAGES.deleteConfirm}
          mutationOptions={{
            onSuccess: () => {
              deleted();
              redirect('list', 'blog');
            },
            onError: deleteFailed,
          }}
        />
      )}
    </Toolbar>
  );
}

/** The post's fields: required ones say 'X is required'. */
export function BlogForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    // Checked as it is typed (after a first save attempt too), so an error leaves as soon as it is fixed.
    <SimpleForm toolbar={<FormToolbar canDelete={mode === 'edit'} />} mode="onChange" reValidateMode="onChange" sx={{ maxWidth: 900 }}>
      <TextInput source="title" validate={[required(BLOG_MESSAGES.titleRequired), maxLength(BLOG_LIMITS.title)]} fullWidth />
      <SlugInput />
      <TextInput source="author" validate={[required(BLOG_MESSAGES.authorRequired), maxLength(BLOG_LIMITS.author)]} fullWidth />
      {/* Optional for a new post (its opening words stand in), required when editing. */}
      <TextInput
        source="excerpt"
        multiline
        minRows={2}
        validate={mode === 'edit' ? [required(BLOG_MESSAGES.excerptRequired), maxLength(BLOG_LIMITS.excerpt)] : maxLength(BLOG_LIMITS.excerpt)}
        helperText={mode === 'create' ? 'Optional: left empty, the opening words of the post are used' : undefined}
        fullWidth
      />
      <ContentInput />
      <FeaturedImageInput />
      <TextInput source="meta_description" label="Meta description" multiline validate={maxLength(BLOG_LIMITS.metaDescription)} helperText="For search engines and link previews" fullWidth />
      <BooleanInput
        source="status"
        label="Published"
        format={(status: unknown) => status === 'published'}
        parse={(published: boolean) => (published ? 'published' : 'draft')}
        helperText="Off: a draft only administrators see"
      />
    </SimpleForm>
  );
}
