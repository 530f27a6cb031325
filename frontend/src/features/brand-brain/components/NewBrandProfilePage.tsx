import { Typography } from '@mui/material';

export default function NewBrandProfilePage() {
  return (
    <Typography variant="h4" component="h2">
      Create Brand Profile
    </Typography>
  );
}
