import type { BlogPostDto } from '@brandloom/contracts';
import { Create, useRedirect } from 'react-admin';
import { useUser } from '../../lib/auth';
import { useT } from '../../lib/i18n/translate';
import { BlogForm } from './BlogForm';
import { useBlogNotify } from './useBlogNotify';

/** /admin/blog/create: a new post, a draft unless switched to published; then its edit page. */
export function BlogCreate() {
  const user = useUser();
  const redirect = useRedirect();
  const { created, createFailed } = useBlogNotify();
  const t = useT();
  return (
    <Create
      resource="blog"
      title={t('admin.blog.newTitle')}
      record={{ status: 'draft', author: user.data?.username ?? '', featured_image: null }}
      mutationOptions={{
        onSuccess: (post: BlogPostDto) => {
          created();
          redirect(() => `blog/edit/${post.id}`);
        },
        onError: createFailed,
      }}
    >
      <BlogForm mode="create" />
    </Create>
  );
}
