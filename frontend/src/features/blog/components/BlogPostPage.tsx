import { Typography } from '@mui/material';

export default function BlogPostPage() {
  return (
    <Typography variant="h4" component="h1">
      Blog Post
    </Typography>
  );
}
