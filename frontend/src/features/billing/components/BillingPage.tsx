import { Typography } from '@mui/material';

export default function BillingPage() {
  return (
    <Typography variant="h4" component="h2">
      Credits &amp; Billing
    </Typography>
  );
}
