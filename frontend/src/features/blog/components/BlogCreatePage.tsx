import { Typography } from '@mui/material';

export default function BlogCreatePage() {
  return (
    <Typography variant="h4" component="h2">
      Create Blog Post
    </Typography>
  );
}
