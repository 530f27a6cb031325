import { Edit } from 'react-admin';
import { useParams } from 'react-router';
import { useT } from '../../lib/i18n/translate';
import { BlogForm } from './BlogForm';
import { useBlogNotify } from './useBlogNotify';

/** /admin/blog/edit/{id}: the post's fields, saved in place (no optimistic update), with delete. */
export function BlogEdit() {
  const { id } = useParams();
  const { updated, updateFailed } = useBlogNotify();
  const t = useT();
  return (
    <Edit resource="blog" id={id} title={t('admin.blog.editTitle')} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: updated, onError: updateFailed }}>
      <BlogForm mode="edit" />
    </Edit>
  );
}
