import { BLOG_LIMITS } from '@brandloom/contracts';
import { BooleanInput, DeleteButton, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useRedirect } from 'react-admin';
import { useT } from '../../lib/i18n/translate';
import { ContentInput } from './ContentInput';
import { FeaturedImageInput } from './FeaturedImageInput';
import { SlugInput } from './SlugInput';
import { useBlogNotify } from './useBlogNotify';

function FormToolbar({ canDelete }: { canDelete: boolean }) {
  const { deleted, deleteFailed } = useBlogNotify();
  const redirect = useRedirect();
  const t = useT();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {/* Always enabled: saving an untouched new post shows what is required. */}
      <SaveButton alwaysEnable />
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle={t('admin.blog.deleteTitle')}
          confirmContent={t('admin.blog.deleteConfirm')}
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
  const t = useT();
  return (
    // Checked as it is typed (after a first save attempt too), so an error leaves as soon as it is fixed.
    <SimpleForm toolbar={<FormToolbar canDelete={mode === 'edit'} />} mode="onChange" reValidateMode="onChange" sx={{ maxWidth: 900 }}>
      <TextInput source="title" label={t('admin.blog.postTitle')} validate={[required(t('admin.blog.titleRequired')), maxLength(BLOG_LIMITS.title)]} fullWidth />
      <SlugInput />
      <TextInput source="author" label={t('admin.blog.author')} validate={[required(t('admin.blog.authorRequired')), maxLength(BLOG_LIMITS.author)]} fullWidth />
      {/* Optional for a new post (its opening words stand in), required when editing. */}
      <TextInput
        source="excerpt"
        label={t('admin.blog.excerpt')}
        multiline
        minRows={2}
        validate={mode === 'edit' ? [required(t('admin.blog.excerptRequired')), maxLength(BLOG_LIMITS.excerpt)] : maxLength(BLOG_LIMITS.excerpt)}
        helperText={mode === 'create' ? t('admin.blog.excerptHint') : undefined}
        fullWidth
      />
      <ContentInput />
      <FeaturedImageInput />
      <TextInput source="meta_description" label={t('admin.blog.metaDescription')} multiline validate={maxLength(BLOG_LIMITS.metaDescription)} helperText={t('admin.blog.metaDescriptionHint')} fullWidth />
      <BooleanInput
        source="status"
        label={t('admin.blog.published')}
        format={(status: unknown) => status === 'published'}
        parse={(published: boolean) => (published ? 'published' : 'draft')}
        helperText={t('admin.blog.draftHint')}
      />
    </SimpleForm>
  );
}
