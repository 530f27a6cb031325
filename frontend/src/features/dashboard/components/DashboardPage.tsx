import { Typography } from '@mui/material';

export default function DashboardPage() {
  return (
    <Typography variant="h4" component="h2">
      Dashboard
    </Typography>
  );
}
