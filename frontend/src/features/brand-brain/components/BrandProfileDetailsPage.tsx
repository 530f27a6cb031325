import { Typography } from '@mui/material';

export default function BrandProfileDetailsPage() {
  return (
    <Typography variant="h4" component="h2">
      Brand Profile Details
    </Typography>
  );
}
