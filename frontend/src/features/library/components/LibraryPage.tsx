import { Typography } from '@mui/material';

export default function LibraryPage() {
  return (
    <Typography variant="h4" component="h2">
      Asset Library
    </Typography>
  );
}
