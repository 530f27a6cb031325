import type { BlogPostDto } from '@brandloom/contracts';
import { Button, Chip, Stack } from '@mui/material';
import { CreateButton, Datagrid, DateField, FunctionField, List, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../lib/i18n/translate';


/** Edit for every post; a view link only for published ones (drafts have no public page). */
function PostLinks() {
  const post = useRecordContext<BlogPostDto>();
  const t = useT();
  if (!post) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" component={RouterLink} to={`/admin/blog/edit/${post.id}`} aria-label={t('admin.blog.editLabel', { title: post.title })}>
        {t('admin.blog.edit')}
      </Button>
      {post.status === 'published' && (
        <Button size="small" component={RouterLink} to={`/blog/${post.slug}`} aria-label={t('admin.blog.viewLabel', { title: post.title })}>
          {t('admin.blog.view')}
        </Button>
      )}
    </Stack>
  );
}

/** /admin/blog: every post, newest first, searchable by title. */
export function BlogList() {
  const t = useT();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={t('admin.blog.search')} />];
  return (
    <List
      resource="blog"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      title={t('admin.blog.title')}
      actions={
        <TopToolbar>
          <CreateButton label={t('admin.blog.new')} />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="title" label={t('admin.blog.postTitle')} />
        <TextField source="slug" label={t('admin.blog.slug')} sortable={false} />
        <FunctionField label={t('admin.credits.status')} sortBy="status" render={(post: BlogPostDto) => <Chip size="small" variant="outlined" color={post.status === 'published' ? 'success' : 'default'} label={post.status === 'published' ? t('admin.blog.published') : t('admin.blog.draft')} />} />
        <TextField source="author" label={t('admin.blog.author')} sortable={false} />
        <DateField source="updated_at" label={t('admin.blog.updated')} />
        <PostLinks />
      </Datagrid>
    </List>
  );
}
