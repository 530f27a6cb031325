import { Typography } from '@mui/material';

export default function TermsPage() {
  return (
    <Typography variant="h4" component="h1">
      Terms of Service
    </Typography>
  );
}
