import { Typography } from '@mui/material';

export default function BrandBrainPage() {
  return (
    <Typography variant="h4" component="h2">
      Brand Brain
    </Typography>
  );
}
