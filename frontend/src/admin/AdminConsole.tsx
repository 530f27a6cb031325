import { Typography } from '@mui/material';

/** Everything under /admin; the react-admin console replaces this and owns the sub-routes. */
export default function AdminConsole() {
  return (
    <Typography variant="h4" component="h2">
      Admin Portal
    </Typography>
  );
}
