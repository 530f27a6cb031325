import { Typography } from '@mui/material';

export default function BlogListPage() {
  return (
    <Typography variant="h4" component="h1">
      Blog
    </Typography>
  );
}
