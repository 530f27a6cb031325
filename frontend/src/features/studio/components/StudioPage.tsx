import { Typography } from '@mui/material';

export default function StudioPage() {
  return (
    <Typography variant="h4" component="h2">
      Image Generation Studio
    </Typography>
  );
}
