import { Edit } from 'react-admin';
import { useParams } from 'react-router';
import { BlogForm } from './BlogForm';
import { useBlogNotify } from './useBlogNotify';

/** /admin/blog/edit/{id}: the post's fields, saved in place (no optimistic update), with delete. */
export function BlogEdit() {
  const { id } = useParams();
  const { updated, updateFailed } = useBlogNotify();
  return (
    <Edit resource="blog" id={id} title="Edit blog post" mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: updated, onError: updateFailed }}>
      <BlogForm mode="edit" />
    </Edit>
  );
}
