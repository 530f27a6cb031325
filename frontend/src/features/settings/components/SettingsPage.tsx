import { Typography } from '@mui/material';

export default function SettingsPage() {
  return (
    <Typography variant="h4" component="h2">
      Settings
    </Typography>
  );
}
