import { Typography } from '@mui/material';

export default function IntegrationsPage() {
  return (
    <Typography variant="h4" component="h2">
      Integrations
    </Typography>
  );
}
