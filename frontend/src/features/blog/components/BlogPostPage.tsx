import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { formatPostDate, usePublishedPost } from '../api/posts';
import { useDocumentTitle } from '../useDocumentTitle';
import { useT } from '../../../lib/i18n/translate';

/** Type styles for the post body: the product's tags only (the server sanitized it to them). */
const proseSx = {
  '& h1': { typography: 'h4', mt: 4, mb: 2 },
  '& h2': { typography: 'h5', mt: 4, mb: 1.5 },
  '& h3': { typography: 'h6', mt: 3, mb: 1 },
  '& p, & li': { typography: 'body1', lineHeight: 1.75 },
  '& a': { color: 'primary.main' },
} as const;

/** /blog/{slug}: a published post with its featured image and body. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = usePublishedPost(slug);
  const t = useT();
  useDocumentTitle(post.data ? `${post.data.title} | Brandloom Blog` : post.data === null ? t('blog.post.notFoundHead') : null);

  let body: React.ReactNode;
  if (post.isPending) {
    body = (
      <Box role="status" aria-busy="true" aria-label={t('blog.post.loading')}>
        <Skeleton variant="text" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  } else if (post.isError) {
    body = <Alert severity="error">{t('blog.unavailable')}</Alert>;
  } else if (post.data === null) {
    body = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h3" component="h1" gutterBottom>
          {t('blog.post.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('blog.post.notFoundText')}
        </Typography>
        <Button component={RouterLink} to="/blog" variant="contained">
          {t('blog.post.back')}
        </Button>
      </Box>
    );
  } else {
    const data = post.data;
    body = (
      <Box component="article">
        <Typography variant="h3" component="h1" gutterBottom>
          {data.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {data.author} · {formatPostDate(data)}
        </Typography>
        {data.featured_image_url && <Box component="img" src={data.featured_image_url} alt="" sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />}
        {/* Sanitized on the server to h1-h3, p, strong, em, ul, ol, li, br and http(s)/mailto links. */}
        <Box sx={proseSx} dangerouslySetInnerHTML={{ __html: data.content }} />
      </Box>
    );
  }

  return (
    <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 4, md: 6 } }}>
      <Button component={RouterLink} to="/blog" size="small" sx={{ mb: 2 }}>
        {t('blog.post.allPosts')}
      </Button>
      {body}
    </Box>
  );
}
