import { Alert, Box, Card, CardActionArea, CardContent, CardMedia, Pagination, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatPostDate, usePublishedPosts } from '../api/posts';
import { useDocumentTitle } from '../useDocumentTitle';
import { useT } from '../../../lib/i18n/translate';

/** /blog: published posts as cards (featured image, title, excerpt, author, date), paged. */
export default function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const posts = usePublishedPosts(page);
  const t = useT();
  useDocumentTitle(page > 1 ? t('blog.list.headPage', { page }) : `${t('blog.list.title')} | Brandloom`);
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.pageSize)) : 1;

  return (
    <Box component="main" sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('blog.list.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('blog.list.lead')}{' '}
        <Box component="a" href="/blog/rss.xml" sx={{ color: 'primary.main' }}>
          {t('blog.list.rss')}
        </Box>
      </Typography>
      {posts.isError && <Alert severity="error">{t('blog.unavailable')}</Alert>}
      {posts.isPending && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }} role="status" aria-busy="true" aria-label={t('blog.list.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={320} />
          ))}
        </Box>
      )}
      {posts.data && posts.data.posts.length === 0 && <Typography color="text.secondary">{t('blog.list.empty')}</Typography>}
      {posts.data && posts.data.posts.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {posts.data.posts.map((post) => (
            <Box component="li" key={post.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/blog/${post.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
                  {post.featured_image_url && <CardMedia component="img" image={post.featured_image_url} alt="" loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />}
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {post.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                      {post.excerpt}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {post.author} · {formatPostDate(post)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => setParams(next === 1 ? {} : { page: String(next) })}
          getItemAriaLabel={(type, value) =>
            type === 'page' ? t('blog.list.page', { page: value ?? 1 }) : type === 'next' ? t('blog.list.nextPage') : type === 'previous' ? t('blog.list.previousPage') : type
          }
        />
      )}
    </Box>
  );
}
