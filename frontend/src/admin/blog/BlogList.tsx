import type { BlogPostDto } from '@brandloom/contracts';
import { Button, Chip, Stack } from '@mui/material';
import { CreateButton, Datagrid, DateField, FunctionField, List, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by title" />];

/** Edit for every post; a view link only for published ones (drafts have no public page). */
function PostLinks() {
  const post = useRecordContext<BlogPostDto>();
  if (!post) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" component={RouterLink} to={`/admin/blog/edit/${post.id}`} aria-label={`Edit ${post.title}`}>
        Edit
      </Button>
      {post.status === 'published' && (
        <Button size="small" component={RouterLink} to={`/blog/${post.slug}`} aria-label={`View ${post.title}`}>
          View
        </Button>
      )}
    </Stack>
  );
}

/** /admin/blog: every post, newest first, searchable by title. */
export function BlogList() {
  return (
    <List
      resource="blog"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      title="Blog posts"
      actions={
        <TopToolbar>
          <CreateButton label="New post" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="title" />
        <TextField source="slug" sortable={false} />
        <FunctionField label="Status" sortBy="status" render={(post: BlogPostDto) => <Chip size="small" variant="outlined" color={post.status === 'published' ? 'success' : 'default'} label={post.status === 'published' ? 'Published' : 'Draft'} />} />
        <TextField source="author" sortable={false} />
        <DateField source="updated_at" label="Updated" />
        <PostLinks />
      </Datagrid>
    </List>
  );
}
