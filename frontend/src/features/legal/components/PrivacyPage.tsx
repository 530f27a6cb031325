import { Typography } from '@mui/material';

export default function PrivacyPage() {
  return (
    <Typography variant="h4" component="h1">
      Privacy Policy
    </Typography>
  );
}
