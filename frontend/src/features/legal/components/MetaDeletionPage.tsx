import { Typography } from '@mui/material';

export default function MetaDeletionPage() {
  return (
    <Typography variant="h4" component="h1">
      Meta Data Deletion Request
    </Typography>
  );
}
